import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftView } from '@kopi/contract';
import { tenants } from '../../db/schema/tenancy';
import { expectCode, expectCodeWithDetails } from '../../test/expect-code';
import { requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { tillSale } from '../../test/order-fixtures';

// The tenant's blind count, held by the server: while a shift is open, a caller without
// close-variance-shift (the cashier) reads no expected cash and no cash figure it is summed from;
// a manager reads them all; the close beyond the tolerance names the expected cash and the
// variance once the count is in, and a closed shift shows everything.

const { t, api, as, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier'],
  product: { sku: 'BLIND-1000', price: 1000 },
});
const { admin, manager, cashier } = as;
// refs.product: RM 10.00 → RM 10.60 for pick up

const setBlind = (on: boolean) =>
  t.database.db.update(tenants).set({ shiftBlindCount: on }).where(eq(tenants.id, refs.tenantId));

// Other test files share the demo tenant: it leaves every test with the count not blind.
afterEach(() => setBlind(false));

const post = (url: string, body: object, headers: RequestHeaders, key?: string) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers, key));

/** A new till with the cashier's shift open on it (float RM 20.00) and the open's answer. */
async function openOnNewTill() {
  const till = await api.post(
    '/api/tills',
    { outlet_id: refs.kl, name: `B-${randomUUID().slice(0, 6)}` },
    admin,
  );
  expect(till.statusCode, till.body).toBe(201);
  const key = randomUUID();
  const body = { till_id: till.json().data.id as string, float: { note_10: 2 } };
  const res = await post('/api/shifts', body, cashier, key);
  expect(res.statusCode, res.body).toBe(201);
  return { shift: res.json().data as ShiftView, tillId: body.till_id, again: { body, key } };
}

const sale = (tillId: string, payments: object[]) =>
  post('/api/orders', tillSale(refs.kl, tillId, refs.product, payments), cashier);

/** A cash sale (RM 10.60, tendered RM 20.00), a card sale and RM 5.00 cash in. */
async function trade(shiftId: string, tillId: string) {
  const cash = await sale(tillId, [{ method: 'cash', amount: 1060, tendered: 2000 }]);
  expect(cash.statusCode, cash.body).toBe(201);
  const card = await sale(tillId, [{ method: 'card', amount: 1060, reference: 'C-1' }]);
  expect(card.statusCode, card.body).toBe(201);
  const movement = { kind: 'cash_in', reason: 'petty_cash', amount: 500 };
  const moved = await post(`/api/shifts/${shiftId}/movements`, movement, cashier);
  expect(moved.statusCode, moved.body).toBe(201);
}

// Written from the rule: float 2000 + cash taken 1060 + cash in 500.
const drawer = {
  opening_float: 2000,
  cash_taken: 1060,
  cash_refunds: 0,
  cash_in: 500,
  cash_out: 0,
  cash_topups: 0,
  expected: 3560,
};

describe('the blind count', () => {
  it('hides an open shift’s cash from its cashier and shows it to a manager', async () => {
    await setBlind(true);
    const { shift, tillId, again } = await openOnNewTill();
    expect(shift).toMatchObject({ blind_count: true, opening_float: 2000, figures: null });
    await trade(shift.id, tillId);

    const mine = await api.get(`/api/shifts/${shift.id}`, cashier);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({
      status: 'open',
      opening_float: 2000,
      figures: null,
      sales_total: null,
      refunds: null,
      // The card line stays: it says nothing of the drawer.
      sales_by_method: [{ method: 'card', count: 1, amount: 1060 }],
      movements: [],
      orders: 2,
    });
    expect(mine.body).not.toContain(String(drawer.expected));
    // A retried open answers the same view.
    const retried = await post('/api/shifts', again.body, cashier, again.key);
    expect(retried.json().data).toMatchObject({ id: shift.id, figures: null });
    const current = await api.get(`/api/shifts/current?outlet_id=${refs.kl}`, cashier);
    expect(current.json().data.blind_count).toBe(true);
    expect(current.body).not.toContain(String(drawer.expected));
    // The rows behind the figures add up to the expected cash: refused to the cashier.
    expectCode(await api.get(`/api/shifts/${shift.id}/working`, cashier), 403, 'forbidden');

    const managers = await api.get(`/api/shifts/${shift.id}`, manager);
    expect(managers.json().data).toMatchObject({ figures: drawer, sales_total: 2120 });
    expect(managers.json().data.movements).toHaveLength(1);
    expect((await api.get(`/api/shifts/${shift.id}/working`, manager)).statusCode).toBe(200);
  });

  it('refuses a cash out over the drawer without telling a blind cashier what it holds', async () => {
    await setBlind(true);
    const { shift, tillId } = await openOnNewTill();
    await trade(shift.id, tillId);
    const out = { kind: 'cash_out', reason: 'bank_drop', amount: 9000 };
    const url = `/api/shifts/${shift.id}/movements`;
    const refused = expectCode(await post(url, out, cashier), 409, 'cash_out_exceeds_drawer');
    expect(refused.message).not.toContain('35.60');
    const told = expectCode(await post(url, out, manager), 409, 'cash_out_exceeds_drawer');
    expect(told.message).toContain('35.60');
  });

  it('names the expected cash and the variance in the refusal beyond the tolerance, and all once closed', async () => {
    await setBlind(true);
    const { shift, tillId } = await openOnNewTill();
    await trade(shift.id, tillId);
    const url = `/api/shifts/${shift.id}/close`;
    // RM 20.00 counted against RM 35.60: RM 15.60 short, beyond the demo's RM 5.00.
    expectCodeWithDetails(
      await post(url, { counted: { note_10: 2 } }, cashier),
      400,
      'shift_variance_note_required',
      [
        { path: 'note', message: 'validation.required' },
        { path: 'expected', message: '3560' },
        { path: 'variance', message: '-1560' },
      ],
    );

    // RM 35.60 counted: 3 × RM 10 + RM 5 + 50 sen + 10 sen.
    const counted = { note_10: 3, note_5: 1, coin_50: 1, coin_10: 1 };
    const closed = await post(url, { counted }, cashier);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      expected: 3560,
      counted: 3560,
      variance: 0,
      figures: drawer,
      sales_total: 2120,
      refunds: 0,
    });
    expect(closed.json().data.sales_by_method).toContainEqual({
      method: 'cash',
      count: 1,
      amount: 1060,
    });
    const reread = await api.get(`/api/shifts/${shift.id}`, cashier);
    expect(reread.json().data).toMatchObject({ figures: drawer });
    expect(reread.json().data.movements).toHaveLength(1);
    expect((await api.get(`/api/shifts/${shift.id}/working`, cashier)).statusCode).toBe(200);
  });

  it('shows the cashier their open shift’s cash when the count is not blind', async () => {
    await setBlind(false);
    const { shift, tillId } = await openOnNewTill();
    expect(shift.figures).toMatchObject({ opening_float: 2000, expected: 2000 });
    await trade(shift.id, tillId);
    const mine = await api.get(`/api/shifts/${shift.id}`, cashier);
    expect(mine.json().data).toMatchObject({ blind_count: false, figures: drawer });
    expect((await api.get(`/api/shifts/${shift.id}/working`, cashier)).statusCode).toBe(200);
  });
});
