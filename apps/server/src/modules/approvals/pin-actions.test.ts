import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalAction, Order, Shift } from '@kopi/contract';
import { approvals } from '../../db/schema/approvals';
import { orders } from '../../db/schema/orders';
import { cashMovements, shifts } from '../../db/schema/shifts';
import { tenants } from '../../db/schema/tenancy';
import { demoBusinessSettings } from '../../test/fixtures';
import { expectCode } from '../../test/expect-code';
import { sell } from '../../test/order-fixtures';
import { requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { setApprovalPin, staffIdOf } from '../../test/pin-fixtures';

// A manager's PIN on the cashier's screen for the till's actions (decision 055): a variance over
// tolerance, a cash out over the tenant's limit, a manual discount and the void of a paid order.
// For each: the approval accepted and recorded with its subject, a wrong PIN refused with nothing
// changed, no approving one's own request, and the permission's holder needing none.

const { t, api, as, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier'],
  product: { sku: 'PIN-1000', price: 1000 },
});
const { admin, manager, cashier } = as;
const PIN = '482613';
// refs.product: RM 10.00
let managerId: string;
let cashierId: string;

beforeAll(async () => {
  managerId = await staffIdOf(t, 'manager');
  cashierId = await staffIdOf(t, 'cashier');
  await setApprovalPin(t, manager, PIN);
});

/** A fresh device each time: a wrong PIN's wait stays on its own device. */
const approval = (pin = PIN, approverId = managerId) => ({
  approver_id: approverId,
  pin,
  device_id: `test-${randomUUID()}`,
});

const post = (url: string, body: object, headers: RequestHeaders) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers));

const approvalsOf = (subjectId: string) =>
  t.database.db.select().from(approvals).where(eq(approvals.subjectId, subjectId));

/** The approval row the rule asks for: the cashier asked, the manager approved, this action. */
async function expectApproved(subjectId: string, action: ApprovalAction) {
  const rows = await approvalsOf(subjectId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ action, requestedBy: cashierId, approvedBy: managerId });
}

async function openShift(headers: RequestHeaders, float: object) {
  const till = await api.post(
    '/api/tills',
    { outlet_id: refs.kl, name: `P-${randomUUID().slice(0, 6)}` },
    admin,
  );
  expect(till.statusCode, till.body).toBe(201);
  const res = await post('/api/shifts', { till_id: till.json().data.id, float }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Shift;
}

const setTenant = (values: Partial<typeof tenants.$inferInsert>) =>
  t.database.db.update(tenants).set(values).where(eq(tenants.id, refs.tenantId));

describe('a variance over tolerance at the close', () => {
  // Float RM 20.00 counted as RM 30.00: RM 10.00 over, the demo tolerance is RM 5.00.
  const over = { counted: { note_10: 3 }, note: 'Customer left change' };

  it('closes a cashier’s shift with a manager’s PIN, recorded with the shift and on its report', async () => {
    const shift = await openShift(cashier, { note_10: 2 });
    const url = `/api/shifts/${shift.id}/close`;
    expectCode(
      await post(url, { counted: over.counted }, cashier),
      400,
      'shift_variance_note_required',
    );
    expectCode(await post(url, over, cashier), 403, 'approval_required');
    expectCode(
      await post(url, { ...over, approval: approval('000000') }, cashier),
      403,
      'pin_wrong',
    );
    expectCode(
      await post(url, { ...over, approval: approval(PIN, cashierId) }, cashier),
      403,
      'approval_self',
    );
    const [still] = await t.database.db.select().from(shifts).where(eq(shifts.id, shift.id));
    expect(still).toMatchObject({ status: 'open', closingNote: null });
    expect(await approvalsOf(shift.id)).toEqual([]);

    const res = await post(url, { ...over, approval: approval() }, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'closed',
      expected: 2000,
      variance: 1000,
      closing_note: over.note,
      variance_approval: { action: 'shift_variance', approved_by: managerId },
    });
    await expectApproved(shift.id, 'shift_variance');
    const report = await api.get(`/api/shifts/${shift.id}`, cashier);
    expect(report.json().data.variance_approval).toMatchObject({ approved_by: managerId });
  });

  it('needs no PIN from a manager, nor within tolerance, and keeps no approval then', async () => {
    const mine = await openShift(manager, { note_10: 2 });
    const res = await post(`/api/shifts/${mine.id}/close`, over, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.variance_approval).toBeNull();
    expect(await approvalsOf(mine.id)).toEqual([]);

    const within = await openShift(cashier, { note_10: 2 });
    const ok = await post(`/api/shifts/${within.id}/close`, { counted: { note_10: 2 } }, cashier);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await approvalsOf(within.id)).toEqual([]);
  });

  it('says a blind count to the POS and answers the expected cash with the close', async () => {
    await setTenant({ shiftBlindCount: true });
    try {
      const shift = await openShift(cashier, { note_10: 1 });
      const current = await api.get(`/api/shifts/current?outlet_id=${refs.kl}`, cashier);
      expect(current.json().data.blind_count).toBe(true);
      const res = await post(`/api/shifts/${shift.id}/close`, { counted: { note_10: 1 } }, cashier);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ blind_count: true, expected: 1000, variance: 0 });
    } finally {
      await setTenant({ shiftBlindCount: false });
    }
  });
});

describe('a cash out over the tenant’s limit', () => {
  const cashOut = (amount: number) => ({ kind: 'cash_out', reason: 'bank_drop', amount });

  it('takes a manager’s PIN above the limit, recorded with the movement; none at or below it', async () => {
    await setTenant({ cashOutApprovalOver: 5000 });
    try {
      const shift = await openShift(cashier, { note_50: 4 }); // RM 200.00
      const url = `/api/shifts/${shift.id}/movements`;
      const ok = await post(url, cashOut(5000), cashier);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(await approvalsOf(ok.json().data.id)).toEqual([]);
      expectCode(await post(url, cashOut(5001), cashier), 403, 'approval_required');
      expectCode(
        await post(url, { ...cashOut(5001), approval: approval('111111') }, cashier),
        403,
        'pin_wrong',
      );
      expectCode(
        await post(url, { ...cashOut(5001), approval: approval(PIN, cashierId) }, cashier),
        403,
        'approval_self',
      );
      const before = await t.database.db
        .select()
        .from(cashMovements)
        .where(eq(cashMovements.shiftId, shift.id));
      expect(before).toHaveLength(1);
      const res = await post(url, { ...cashOut(6000), approval: approval() }, cashier);
      expect(res.statusCode, res.body).toBe(201);
      await expectApproved(res.json().data.id, 'cash_out');

      const mine = await openShift(manager, { note_50: 4 });
      const own = await post(`/api/shifts/${mine.id}/movements`, cashOut(6000), manager);
      expect(own.statusCode, own.body).toBe(201);
      expect(await approvalsOf(own.json().data.id)).toEqual([]);
    } finally {
      await setTenant({ cashOutApprovalOver: null });
    }
  });

  it('sets the limit and the blind count in business settings', async () => {
    const body = {
      ...demoBusinessSettings,
      shift_blind_count: true,
      cash_out_approval_over: 20_000,
    };
    const res = await api.put('/api/tenant-settings', body, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      shift_blind_count: true,
      cash_out_approval_over: 20_000,
    });
    const back = await api.put('/api/tenant-settings', demoBusinessSettings, admin);
    expect(back.json().data).toMatchObject({
      shift_blind_count: false,
      cash_out_approval_over: null,
    });
  });
});

describe('a manual discount and the void of a paid order', () => {
  // RM 10.00 less RM 1.00 = RM 9.00 for pick up; SST 6% = RM 0.54.
  const discounted = (extra: object = {}) => ({
    outlet_id: refs.kl,
    items: [{ product_id: refs.product, quantity: 1 }],
    payments: [{ method: 'card', amount: 954, reference: 'CARD-PIN' }],
    manual_discount: { kind: 'amount', value: 100, reason: 'service_recovery' } as const,
    ...extra,
  });

  it('gives a cashier’s discount with a manager’s PIN, recorded with the order', async () => {
    expectCode(await sell(t, cashier, discounted()), 403, 'approval_required');
    expectCode(
      await sell(t, cashier, discounted({ approval: approval('999999') })),
      403,
      'pin_wrong',
    );
    expectCode(
      await sell(t, cashier, discounted({ approval: approval(PIN, cashierId) })),
      403,
      'approval_self',
    );
    const res = await sell(t, cashier, discounted({ approval: approval() }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as Order;
    expect(order.discount).toBe(100);
    await expectApproved(order.id, 'manual_discount');
    const byManager = await sell(t, manager, discounted());
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(await approvalsOf(byManager.json().data.id)).toEqual([]);
  });

  it('holds the tenant’s maximum with an approval too', async () => {
    const half = { kind: 'percent', value: 5000, reason: 'service_recovery' } as const;
    const res = await sell(t, cashier, discounted({ manual_discount: half, approval: approval() }));
    expectCode(res, 400, 'manual_discount_over_max');
  });

  it('voids a paid order with a manager’s PIN; a manager needs none', async () => {
    const sale = await sell(t, cashier, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'CARD-VOID' }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const id = sale.json().data.id as string;
    const url = `/api/orders/${id}/status`;
    const reject = { status: 'REJECTED', reason: 'Wrong order' };
    expectCode(await api.post(url, reject, cashier), 403, 'approval_required');
    expectCode(
      await api.post(url, { ...reject, approval: approval('123456') }, cashier),
      403,
      'pin_wrong',
    );
    expectCode(
      await api.post(url, { ...reject, approval: approval(PIN, cashierId) }, cashier),
      403,
      'approval_self',
    );
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(still!.status).toBe('PENDING');
    const res = await api.post(url, { ...reject, approval: approval() }, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('REJECTED');
    await expectApproved(id, 'order_void');

    const other = await sell(t, cashier, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'CARD-VOID-2' }],
    });
    const byManager = await api.post(`/api/orders/${other.json().data.id}/status`, reject, manager);
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(await approvalsOf(other.json().data.id)).toEqual([]);
  });

  it('rejects an order that holds no money (paid back in full) without a PIN', async () => {
    const sale = await sell(t, cashier, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'CARD-BACK' }],
    });
    const id = sale.json().data.id as string;
    const asked = await post(
      '/api/refunds',
      { order_id: id, kind: 'full', method: 'original', reason: 'order_cancelled' },
      admin,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const refundId = asked.json().data.id as string;
    for (const status of ['APPROVED', 'COMPLETED']) {
      const moved = await api.post(`/api/refunds/${refundId}/status`, { status }, manager);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // Paid RM 10.60, refunded RM 10.60: nothing is voided, so the cashier needs nobody.
    const res = await api.post(
      `/api/orders/${id}/status`,
      { status: 'REJECTED', reason: 'Customer left' },
      cashier,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('REJECTED');
    expect(await approvalsOf(id)).toEqual([]);
  });
});
