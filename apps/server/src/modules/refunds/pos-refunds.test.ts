import { randomUUID } from 'node:crypto';
import { type Refund, refundSchema, type Shift } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { approvals } from '../../db/schema/approvals';
import { orders } from '../../db/schema/orders';
import { auditLog } from '../../db/schema/platform';
import { refunds } from '../../db/schema/refunds';
import { shifts } from '../../db/schema/shifts';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { openDrawer } from '../../test/order-fixtures';
import { askRefund, bank, itemsRefund, paidOrder } from '../../test/refund-fixtures';
import { anonymous, type RequestHeaders, requestAs, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { setApprovalPin } from '../../test/pin-fixtures';
import { auditsOf } from '../../test/fixtures';

// Refunds at the POS: the methods an order's payments allow, a receipt found by its
// number of the day, and a refund at the counter approved by a manager's PIN and paid at once,
// cash from the asker's open shift.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: RM 10.00 → 10.60 with SST
const MANAGER_PIN = '4826';
const ADMIN_PIN = '7391';
const DEVICE = 'till-device-0001';

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier', 'finance'],
  product: { sku: 'POS-RF-PLAIN', price: 1000 },
});
const { admin, manager, cashier, finance } = as;
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [who, pin] of [
    [manager, MANAGER_PIN],
    [admin, ADMIN_PIN],
  ] as const) {
    await setApprovalPin(t, who, pin);
  }
  for (const name of ['admin', 'manager', 'cashier']) {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, name));
    ids[name] = row!.id;
  }
});
beforeEach(() => clock.set(NOON_KL));

type Pay = { method: string; amount: number; reference?: string; tendered?: number };
const sale = (payments: Pay[], outletId = refs.kl) =>
  paidOrder(t, admin, {
    outlet_id: outletId,
    items: [{ product_id: refs.product, quantity: 1 }],
    payments,
  });
const cash: Pay[] = [{ method: 'cash', amount: 1060, tendered: 1060 }];
const card: Pay[] = [{ method: 'card', amount: 1060, reference: 'C-1' }];

const approval = (approverId: string, pin: string) => ({
  approver_id: approverId,
  pin,
  device_id: DEVICE,
});
const counter = (headers: RequestHeaders, body: Record<string, unknown>, key?: string) =>
  requestAs(t).post('/api/pos/refunds', body, withIdempotencyKey(headers, key));
const body = (orderId: string, extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  kind: 'amount',
  amount: 300,
  method: 'cash',
  reason: 'quality_issue',
  ...extra,
});
/** The cashier's drawer (shift) as the till shows it. */
const drawerOf = async (shiftId: string) =>
  (await api.get(`/api/shifts/${shiftId}`, cashier)).json().data as Shift;
type Sale = Awaited<ReturnType<typeof sale>>;
type ManagerPin = { approval: ReturnType<typeof approval> };
/**
 * With the cashier's drawer open (its figures before answered too), a sale paid `payments`, then
 * the cashier's counter refund of it (`refund`), approved by the manager's PIN.
 */
async function refundedWithManagerPin(
  payments: Pay[],
  refund: (o: Sale, managerPin: ManagerPin) => Record<string, unknown>,
) {
  const shiftId = await openDrawer(t, 'cashier', refs.kl);
  const before = await drawerOf(shiftId);
  const o = await sale(payments);
  const res = await counter(cashier, refund(o, { approval: approval(ids.manager!, MANAGER_PIN) }));
  return { shiftId, before, o, res };
}
const refundsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('refund methods the order’s payments allow', () => {
  // The rule, written out: original back to a non-cash payment, cash only for a cash payment, a
  // bank transfer against the total, wallet credit only with a customer (none here).
  const allowed: Record<string, Record<string, boolean>> = {
    cash: { original: false, cash: true, bank_transfer: true, wallet: false },
    card: { original: true, cash: false, bank_transfer: true, wallet: false },
    duitnow_qr: { original: true, cash: false, bank_transfer: true, wallet: false },
    tng: { original: true, cash: false, bank_transfer: true, wallet: false },
    grabpay: { original: true, cash: false, bank_transfer: true, wallet: false },
  };
  for (const [paidBy, methods] of Object.entries(allowed)) {
    it(`a ${paidBy} order: ${Object.keys(methods)
      .filter((m) => methods[m])
      .join(', ')} only`, async () => {
      const o = await sale([
        paidBy === 'cash'
          ? { method: 'cash', amount: 1060, tendered: 1060 }
          : { method: paidBy, amount: 1060, reference: 'R-1' },
      ]);
      for (const [method, ok] of Object.entries(methods)) {
        const res = await askRefund(t, cashier, {
          ...body(o.id, { amount: 100, method }),
          ...(method === 'bank_transfer' ? { bank } : {}),
        });
        if (ok) expect(res.statusCode, `${method}: ${res.body}`).toBe(201);
        else {
          if (method === 'wallet') expectCode(res, 409, 'refund_needs_customer');
          else expectCode(res, 400, 'refund_method_unavailable');
        }
      }
    });
  }

  it('a split cash and card order takes both cash and original', async () => {
    const o = await sale([
      { method: 'cash', amount: 500, tendered: 500 },
      { method: 'card', amount: 560, reference: 'C-2' },
    ]);
    const cashRefund = await askRefund(t, cashier, body(o.id, { amount: 100 }));
    expect(cashRefund.json().data).toMatchObject({ payment_method: 'cash' });
    const cardRefund = await askRefund(t, cashier, body(o.id, { amount: 100, method: 'original' }));
    expect(cardRefund.json().data).toMatchObject({ payment_method: 'card' });
  });

  it('the counter refuses a bank transfer and the methods the payments do not allow', async () => {
    const o = await sale(card);
    const pin = approval(ids.manager!, MANAGER_PIN);
    expectCode(
      await counter(cashier, body(o.id, { method: 'bank_transfer', bank, approval: pin })),
      400,
      'refund_method_unavailable',
    );
    expectCode(
      await counter(cashier, body(o.id, { method: 'cash', approval: pin })),
      400,
      'refund_method_unavailable',
    );
    expect(await refundsOf(o.id)).toEqual([]);
  });
});

describe('GET /api/pos/receipts', () => {
  const find = (headers: RequestHeaders, q: Record<string, string>) =>
    api.get(`/api/pos/receipts?${new URLSearchParams(q).toString()}`, headers);

  it('finds the outlet’s receipts by number, code or date, the newest day first', async () => {
    // Two days, each with its first order (numbers start again each day).
    clock.set('2026-07-01T04:00:00Z');
    const first = await sale(cash);
    clock.set('2026-07-02T04:00:00Z');
    const second = await sale(card);
    expect(first.order_no).toBe(second.order_no);
    const seq = String(Number(first.order_no.split('-')[1]));
    const byNumber = await find(cashier, { outlet_id: refs.kl, q: seq });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const days = (byNumber.json().data as { order_id: string; business_date: string }[]).filter(
      (m) => m.business_date >= '2026-07-01',
    );
    expect(days.map((m) => [m.order_id, m.business_date])).toEqual([
      [second.id, '2026-07-02'],
      [first.id, '2026-07-01'],
    ]);
    const byCode = await find(cashier, { outlet_id: refs.kl, q: `20260701-${first.order_no}` });
    expect(byCode.json().data).toEqual([
      expect.objectContaining({
        order_id: first.id,
        order_no: first.order_no,
        business_date: '2026-07-01',
        paid: 1060,
        refunded: 0,
        has_customer: false,
        payment_methods: ['cash'],
      }),
    ]);
    const byDate = await find(manager, {
      outlet_id: refs.kl,
      q: second.order_no.toLowerCase(),
      date: '2026-07-02',
    });
    expect(byDate.json().data.map((m: { order_id: string }) => m.order_id)).toEqual([second.id]);
    // Another outlet's code names nothing here.
    expect((await find(admin, { outlet_id: refs.kl, q: `PG01-${seq}` })).json().data).toEqual([]);
  });

  it('401 signed out, 403 without create-pos, 400 for a text that names no receipt', async () => {
    expect((await find(anonymous, { outlet_id: refs.kl, q: '1' })).statusCode).toBe(401);
    expectCode(await find(finance, { outlet_id: refs.kl, q: '1' }), 403, 'forbidden');
    expectCode(await find(cashier, { outlet_id: refs.kl, q: 'coffee' }), 400, 'validation_failed');
    expectCode(await find(cashier, { outlet_id: 'nope', q: '1' }), 400, 'validation_failed');
  });

  it('404 for another outlet of an outlet-bound cashier, and for another tenant', async () => {
    expectCode(await find(cashier, { outlet_id: refs.pg, q: '1' }), 404, 'not_found');
    const other = await otherTenant(t, 'pos-receipts-other');
    expectCode(await find(other.headers, { outlet_id: refs.kl, q: '1' }), 404, 'not_found');
    expectCode(await find(admin, { outlet_id: other.outlet.id, q: '1' }), 404, 'not_found');
  });
});

describe('POST /api/pos/refunds', () => {
  it('refuses a cash refund while the cashier has no open shift, writing nothing', async () => {
    await t.database.db
      .update(shifts)
      .set({ status: 'closed', closedAt: new Date() })
      .where(and(eq(shifts.cashierId, ids.cashier!), eq(shifts.status, 'open')));
    const o = await sale(cash);
    expectCode(
      await counter(cashier, body(o.id, { approval: approval(ids.manager!, MANAGER_PIN) })),
      409,
      'refund_needs_shift',
    );
    expect(await refundsOf(o.id)).toEqual([]);
  });

  it('a cashier refunds with the manager’s PIN: approved by the manager, paid from the cashier’s drawer', async () => {
    const { shiftId, before, o, res } = await refundedWithManagerPin(cash, (o, managerPin) =>
      body(o.id, { amount: 400, ...managerPin }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const refund = refundSchema.parse(res.json().data);
    expect(refund).toMatchObject({
      status: 'COMPLETED',
      amount: 400,
      payment_method: 'cash',
      requested_by: 'Siti Nurhaliza',
      approved_by: 'Tan Wei Ming',
      business_date: '2026-06-10',
    });
    expect(refund.history.map((h) => [h.to, h.by])).toEqual([
      ['PENDING', 'Siti Nurhaliza'],
      ['APPROVED', 'Tan Wei Ming'],
      ['COMPLETED', 'Siti Nurhaliza'],
    ]);
    // The drawer's rule: expected = float + cash taken − cash refunds + in − out.
    const after = await drawerOf(shiftId);
    expect(after.figures.cash_refunds).toBe(before.figures.cash_refunds + 400);
    expect(after.figures.expected).toBe(before.figures.expected - 400);
    const [row] = await refundsOf(o.id);
    expect(row).toMatchObject({ shiftId, approvedBy: ids.manager });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(order!.refunded).toBe(400);
    const [approved] = await t.database.db
      .select()
      .from(approvals)
      .where(eq(approvals.subjectId, refund.id));
    expect(approved).toMatchObject({
      action: 'refund',
      requestedBy: ids.cashier,
      approvedBy: ids.manager,
      deviceId: DEVICE,
    });
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, refund.id));
    expect(trail.map((a) => a.action).sort()).toEqual([
      'refund.create',
      'refund.status',
      'refund.status',
    ]);
    const [pinAudit] = await auditsOf(t, 'approval.refund', approved!.id);
    expect(pinAudit?.actorId).toBe(ids.cashier);
  });

  it('refunds items of a card order back to the card, leaving the drawer as it was', async () => {
    const { shiftId, before, res } = await refundedWithManagerPin(card, (o, managerPin) =>
      itemsRefund(o.id, o.items[0]!.id, 1, managerPin),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'COMPLETED',
      amount: 1060,
      payment_method: 'card',
    });
    const after = await drawerOf(shiftId);
    expect(after.figures).toEqual(before.figures);
  });

  it('needs someone else’s PIN: none, one’s own or a wrong one are refused with nothing written', async () => {
    await openDrawer(t, 'cashier', refs.kl);
    await openDrawer(t, 'manager', refs.kl);
    const o = await sale(cash);
    expectCode(await counter(cashier, body(o.id)), 403, 'approval_required');
    expectCode(
      await counter(cashier, body(o.id, { approval: approval(ids.cashier!, '1234') })),
      403,
      'approval_self',
    );
    // A manager at the counter is no exception: someone else approves their refund.
    expectCode(await counter(manager, body(o.id)), 403, 'approval_required');
    expectCode(
      await counter(manager, body(o.id, { approval: approval(ids.manager!, MANAGER_PIN) })),
      403,
      'approval_self',
    );
    expectCode(
      await counter(cashier, body(o.id, { approval: approval(ids.manager!, '0000') })),
      403,
      'pin_wrong',
    );
    expect(await refundsOf(o.id)).toEqual([]);
    const res = await counter(manager, body(o.id, { approval: approval(ids.admin!, ADMIN_PIN) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'COMPLETED',
      requested_by: 'Tan Wei Ming',
      approved_by: 'Aisyah Rahman',
    });
  });

  it('holds the manager’s limit: above it the manager’s PIN is refused, an admin’s is not', async () => {
    await openDrawer(t, 'cashier', refs.kl);
    const o = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 6 }],
      payments: [{ method: 'cash', amount: 6360, tendered: 6360 }],
    });
    // The demo tenant's limit: RM 50.00.
    const over = body(o.id, { amount: 5001 });
    expectCode(
      await counter(cashier, { ...over, approval: approval(ids.manager!, MANAGER_PIN) }),
      403,
      'refund_above_manager_limit',
    );
    expect(await refundsOf(o.id)).toEqual([]);
    const res = await counter(cashier, { ...over, approval: approval(ids.admin!, ADMIN_PIN) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers the same refund to the same key, once', async () => {
    await openDrawer(t, 'cashier', refs.kl);
    const o = await sale(cash);
    const key = randomUUID();
    const payload = body(o.id, { approval: approval(ids.manager!, MANAGER_PIN) });
    const first = await counter(cashier, payload, key);
    const again = await counter(cashier, payload, key);
    expect(first.statusCode, first.body).toBe(201);
    expect((again.json().data as Refund).id).toBe((first.json().data as Refund).id);
    expect(await refundsOf(o.id)).toHaveLength(1);
  });

  it('401 signed out, 403 without create-pos, 400 with code_message for a bad body', async () => {
    const o = await sale(cash);
    expect((await counter(anonymous, body(o.id))).statusCode).toBe(401);
    expectCode(await counter(finance, body(o.id)), 403, 'forbidden');
    const bad = expectCode(
      await counter(cashier, body(o.id, { approval: { approver_id: ids.manager, pin: '12' } })),
      400,
      'validation_failed',
    );
    expect(bad.details?.map((d) => d.path)).toEqual(['approval.pin', 'approval.device_id']);
    expectCode(await counter(cashier, body(o.id, { kind: 'items' })), 400, 'validation_failed');
  });

  it('404 for an order of another outlet (outlet-bound cashier) or another tenant', async () => {
    const pgOrder = await sale(card, refs.pg);
    const pin = approval(ids.manager!, MANAGER_PIN);
    expectCode(
      await counter(cashier, body(pgOrder.id, { method: 'original', approval: pin })),
      404,
      'not_found',
    );
    const other = await otherTenant(t, 'pos-refunds-other');
    const o = await sale(cash);
    expectCode(await counter(other.headers, body(o.id, { approval: pin })), 404, 'not_found');
    expect(await refundsOf(o.id)).toEqual([]);
  });
});
