import { randomUUID } from 'node:crypto';
import { cashCountTotal, type Shift, seededRandom } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shifts, tills } from '../../db/schema/shifts';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { refundOf, movedRefund } from '../../test/refund-fixtures';
import { requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { withDemoTenant, auditsOf } from '../../test/fixtures';
import { tillSale } from '../../test/order-fixtures';

// Tills and shifts: opening with a counted float, cash in and out, the close against the
// contract's drawerFigures (a seeded random property over sales, refunds and movements), the
// variance note, the sale refused without an open shift, and who may see and do what.

// refs.product: RM 10.00 → RM 10.60 for pick up

const { t, api, as, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier', 'finance'],
  product: { sku: 'SHIFT-1', price: 1000 },
});
const { admin, manager, cashier, finance } = as;

const post = (url: string, body: object, headers: RequestHeaders, key?: string) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers, key));

async function newTill(outletId: string) {
  const res = await api.post(
    '/api/tills',
    { outlet_id: outletId, name: `T-${randomUUID().slice(0, 6)}` },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

async function openShift(headers: RequestHeaders, tillId: string, float: object = { note_10: 10 }) {
  const res = await post('/api/shifts', { till_id: tillId, float }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Shift;
}

const sale = (outletId: string, tillId: string, payments: object[], headers = cashier) =>
  post('/api/orders', tillSale(outletId, tillId, refs.product, payments), headers);

describe('tills', () => {
  it('gives every outlet a till, new outlets included, and lists the open shift on each', async () => {
    const res = await api.get(`/api/tills?outlet_id=${refs.kl}`, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ outlet_id: refs.kl, name: 'Till 1' });
    const created = await api.post(
      '/api/outlets',
      { code: 'SH01', name: 'Shift outlet', serving_methods: ['pick_up'] },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const outletTills = await api.get(`/api/tills?outlet_id=${created.json().data.id}`, admin);
    expect(outletTills.json().data).toEqual([
      expect.objectContaining({ name: 'Till 1', open_shift: null }),
    ]);
    const dup = await api.post('/api/tills', { outlet_id: refs.kl, name: 'Till 1' }, admin);
    expectCode(dup, 409, 'till_name_taken');
    expectCode(
      await api.post('/api/tills', { outlet_id: refs.kl, name: '' }, admin),
      400,
      'validation_failed',
    );
  });
});

describe('opening, cash movements and closing', () => {
  it('opens with the counted float, refuses a second shift on the till and audits', async () => {
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id, { note_50: 1, note_1: 3, coin_20: 5 });
    expect(shift).toMatchObject({ status: 'open', opening_float: 5400, till_id: till.id });
    expect(shift.cashier_name).toBeTruthy();
    expectCode(
      await post('/api/shifts', { till_id: till.id, float: {} }, manager),
      409,
      'shift_already_open',
    );
    const [entry] = await auditsOf(t, 'shift.open', shift.id);
    expect(entry?.after).toMatchObject({ opening_float: 5400 });
  });

  it('records a cash movement once per Idempotency-Key and refuses a bad one', async () => {
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id);
    const key = randomUUID();
    const body = { kind: 'cash_out', reason: 'bank_drop', amount: 5000 };
    const first = await post(`/api/shifts/${shift.id}/movements`, body, cashier, key);
    const again = await post(`/api/shifts/${shift.id}/movements`, body, cashier, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const read = (await api.get(`/api/shifts/${shift.id}`, cashier)).json().data as Shift;
    expect(read.movements).toHaveLength(1);
    const other = await post(
      `/api/shifts/${shift.id}/movements`,
      { kind: 'cash_in', reason: 'other', amount: 100 },
      cashier,
    );
    expect(expectCode(other, 400, 'validation_failed').details).toEqual([
      { path: 'note', message: 'validation.required' },
    ]);
    expectCode(
      await post(`/api/shifts/${shift.id}/movements`, { ...body, amount: 0 }, cashier),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post(`/api/shifts/${shift.id}/movements`, body, cashier),
      400,
      'idempotency_key_required',
    );
  });

  it('closes against float + cash taken − cash refunds + cash in − cash out (seeded random)', async () => {
    const random = seededRandom(20_261_127);
    const pick = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 3; round++) {
      // The cashier sells and moves cash on one till; the manager pays a cash refund back from
      // their own drawer on another (a cash refund is paid from its completer's shift).
      const till = await newTill(refs.kl);
      const float = { note_10: pick(5), coin_50: pick(10) };
      const shift = await openShift(cashier, till.id, float);
      const managerShift = await openShift(manager, (await newTill(refs.kl)).id, { note_10: 5 });
      // The drawer's arithmetic, written out here: float + cash taken − cash refunds + in − out.
      let cashTaken = 0;
      let cashIn = 0;
      let cashOut = 0;
      let refunded = 0;
      const cashOrders: string[] = [];
      for (let i = 0; i < 3 + pick(3); i++) {
        const kind = pick(3);
        // Cash tendered above the total: only the 1060 charged stays in the drawer.
        const payments =
          kind === 0
            ? [{ method: 'cash', amount: 1060, tendered: 2000 }]
            : kind === 1
              ? [{ method: 'card', amount: 1060, reference: 'C' }]
              : [
                  { method: 'cash', amount: 500, tendered: 500 },
                  { method: 'duitnow_qr', amount: 560, reference: 'Q' },
                ];
        const res = await sale(refs.kl, till.id, payments);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ till_id: till.id, shift_id: shift.id });
        cashTaken += kind === 0 ? 1060 : kind === 2 ? 500 : 0;
        if (kind !== 1) cashOrders.push(res.json().data.id);
      }
      if (cashOrders.length > 0) {
        const amount = 1 + pick(400);
        const refund = await refundOf(t, cashier, {
          order_id: cashOrders[0],
          kind: 'amount',
          amount,
          method: 'cash',
          reason: 'quality_issue',
        });
        await movedRefund(t, admin, refund.id, { status: 'APPROVED' });
        await movedRefund(t, manager, refund.id, { status: 'COMPLETED' });
        refunded = amount;
      }
      let held = cashCountTotal(float) + cashTaken;
      for (let i = 0; i < pick(3); i++) {
        const kind = pick(2) ? 'cash_in' : 'cash_out';
        const amount = 100 + pick(900);
        const movement = { kind, reason: 'petty_cash', amount } as const;
        const res = await post(`/api/shifts/${shift.id}/movements`, movement, cashier);
        // Cash out of a drawer never takes more than it holds.
        if (kind === 'cash_out' && amount > held) {
          expectCode(res, 409, 'cash_out_exceeds_drawer');
          continue;
        }
        expect(res.statusCode, res.body).toBe(201);
        if (kind === 'cash_in') cashIn += amount;
        else cashOut += amount;
        held += kind === 'cash_in' ? amount : -amount;
      }
      const expected = cashCountTotal(float) + cashTaken + cashIn - cashOut;
      // Counted a few sen off: within the default tolerance of RM 5.00.
      const counted = {
        note_100: Math.floor(expected / 10_000),
        coin_5: Math.floor((expected % 10_000) / 5),
      };
      const closed = await post(`/api/shifts/${shift.id}/close`, { counted }, cashier);
      expect(closed.statusCode, closed.body).toBe(200);
      const report = closed.json().data as Shift;
      expect(report.figures).toEqual({
        opening_float: cashCountTotal(float),
        cash_taken: cashTaken,
        cash_refunds: 0,
        cash_in: cashIn,
        cash_out: cashOut,
        // No wallet top-up was sold at this till (counter-topups.test.ts counts them).
        cash_topups: 0,
        expected,
      });
      expect(report).toMatchObject({
        status: 'closed',
        expected,
        counted: cashCountTotal(counted),
        variance: cashCountTotal(counted) - expected,
      });
      // The refund left the manager's drawer: RM 50.00 float − the refund.
      const managers = (await api.get(`/api/shifts/${managerShift.id}`, manager)).json()
        .data as Shift;
      expect(managers.figures).toMatchObject({ cash_refunds: refunded, expected: 5000 - refunded });
      expect(
        (await post(`/api/shifts/${managerShift.id}/close`, { counted: { note_10: 5 } }, manager))
          .statusCode,
      ).toBe(200);
      // The till is free again; a sale on it now needs a new shift.
      expectCode(
        await sale(refs.kl, till.id, [{ method: 'card', amount: 1060, reference: 'C' }]),
        409,
        'shift_required',
      );
    }
  });

  it('needs a note and a manager (or their PIN) to close beyond the tolerance; only the own shift otherwise', async () => {
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id, { note_10: 2 });
    const over = { counted: { note_10: 3 } }; // RM 10.00 over, tolerance RM 5.00
    expectCode(
      await post(`/api/shifts/${shift.id}/close`, over, cashier),
      400,
      'shift_variance_note_required',
    );
    expectCode(
      await post(`/api/shifts/${shift.id}/close`, { ...over, note: 'Found' }, cashier),
      403,
      'approval_required',
    );
    expectCode(
      await post(`/api/shifts/${shift.id}/close`, over, manager),
      400,
      'shift_variance_note_required',
    );
    const closed = await post(
      `/api/shifts/${shift.id}/close`,
      { ...over, note: 'Customer left change' },
      manager,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      variance: 1000,
      closing_note: 'Customer left change',
    });
    expectCode(
      await post(
        `/api/shifts/${shift.id}/movements`,
        { kind: 'cash_in', reason: 'petty_cash', amount: 1 },
        cashier,
      ),
      409,
      'shift_closed',
    );

    const mine = await openShift(manager, (await newTill(refs.kl)).id, {});
    expectCode(
      await post(`/api/shifts/${mine.id}/close`, { counted: {} }, cashier),
      404,
      'not_found',
    );
    await withDemoTenant(
      t,
      { shiftVarianceTolerance: 100_000 },
      { shiftVarianceTolerance: 500 },
      async () => {
        const res = await post(
          `/api/shifts/${mine.id}/close`,
          { counted: { note_100: 5 } },
          manager,
        );
        expect(res.statusCode, res.body).toBe(200);
      },
    );
  });
});

describe('a counter sale and the shift', () => {
  it('is refused without an open shift on its till when the tenant requires one', async () => {
    const till = await newTill(refs.kl);
    const res = await sale(refs.kl, till.id, [{ method: 'card', amount: 1060, reference: 'C' }]);
    expectCode(res, 409, 'shift_required');
    expectCode(
      await sale(refs.kl, randomUUID(), [{ method: 'card', amount: 1060, reference: 'C' }]),
      404,
      'not_found',
    );
    const free = await withDemoTenant(t, { shiftsRequired: false }, { shiftsRequired: true }, () =>
      sale(refs.kl, till.id, [{ method: 'card', amount: 1060, reference: 'C' }]),
    );
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data).toMatchObject({ till_id: till.id, shift_id: null });
  });
});

describe('access', () => {
  it('answers 401, 403, 404 for other outlets and tenants, and 400 for bad input', async () => {
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id);
    expect((await api.get('/api/shifts')).statusCode).toBe(401);
    expect((await api.get(`/api/tills?outlet_id=${refs.kl}`)).statusCode).toBe(401);
    expectCode(await api.get('/api/shifts', cashier), 403, 'forbidden');
    expectCode(await api.get(`/api/shifts/${shift.id}`, finance), 403, 'forbidden');
    expectCode(
      await post('/api/shifts', { till_id: till.id, float: {} }, finance),
      403,
      'forbidden',
    );
    expectCode(
      await api.post('/api/tills', { outlet_id: refs.kl, name: 'X' }, cashier),
      403,
      'forbidden',
    );
    // The cashier and manager are bound to KL01.
    expectCode(await api.get(`/api/tills?outlet_id=${refs.pg}`, cashier), 404, 'not_found');
    expectCode(
      await api.get(`/api/shifts/current?outlet_id=${refs.pg}`, manager),
      404,
      'not_found',
    );
    const pgShift = await openShift(admin, (await newTill(refs.pg)).id);
    expectCode(await api.get(`/api/shifts/${pgShift.id}`, manager), 404, 'not_found');
    // Another tenant sees none of it.
    const other = await otherTenant(t, 'shift-other');
    expectCode(await api.get(`/api/shifts/${shift.id}`, other.headers), 404, 'not_found');
    expectCode(
      await post(`/api/shifts/${shift.id}/close`, { counted: {} }, other.headers),
      404,
      'not_found',
    );
    expectCode(
      await post('/api/shifts', { till_id: till.id, float: {} }, other.headers),
      404,
      'not_found',
    );
    expectCode(await api.get(`/api/tills?outlet_id=${refs.kl}`, other.headers), 404, 'not_found');
    expect((await api.get(`/api/shifts?outlet_id=${refs.kl}`, other.headers)).json().data).toEqual(
      [],
    );
    // Bad input.
    expectCode(
      await post('/api/shifts', { till_id: 'x', float: { note_10: -1 } }, cashier),
      400,
      'validation_failed',
    );
    expectCode(
      await post(`/api/shifts/${shift.id}/close`, { counted: { coin_5: 1.5 } }, cashier),
      400,
      'validation_failed',
    );
    expectCode(await api.get('/api/shifts?status=lost', manager), 400, 'validation_failed');
    expectCode(await api.get('/api/shifts/nope', manager), 400, 'validation_failed');
    // The list filters.
    const list = await api.get(
      `/api/shifts?outlet_id=${refs.kl}&till_id=${till.id}&status=open&from=2026-06-10&to=2026-06-10`,
      manager,
    );
    expect(list.json().data.map((s: Shift) => s.id)).toEqual([shift.id]);
    const current = await api.get(`/api/shifts/current?outlet_id=${refs.kl}`, cashier);
    expect(current.json().data.shifts.map((s: Shift) => s.id)).toContain(shift.id);
    await t.database.db.delete(shifts).where(eq(shifts.tillId, till.id));
    await t.database.db.delete(tills).where(eq(tills.id, till.id));
  });
});
