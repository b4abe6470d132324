import {
  type ManualDiscountInput,
  orderSchema,
  posContextSchema,
  posMenuSchema,
  priceOrder,
} from '@kopi/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals } from '../../db/schema/approvals';
import { orders } from '../../db/schema/orders';
import { auditLog } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { expectCode } from '../../test/expect-code';
import { productBySku, sell } from '../../test/order-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { setApprovalPin, staffIdOf } from '../../test/pin-fixtures';

// A manual discount at the counter: its own permission, the tenant's maximum, priced by the
// contract's priceOrder like a voucher (before service charge and SST), recorded and audited.

const { t, as, refs } = useSaleApp({
  signIn: ['manager', 'cashier'],
  product: { sku: 'MD-1000', price: 1000 },
});
const { manager, cashier } = as;

/** What the contract prices a dine-in sale of `quantity` RM 10.00 lines at, with `discount`. */
async function contractTotals(quantity: number, discount: ManualDiscountInput) {
  const res = await requestAs(t).get(`/api/pos/context?outlet_id=${refs.kl}`, manager);
  expect(res.statusCode, res.body).toBe(200);
  const context = posContextSchema.parse(res.json().data);
  return priceOrder({
    lines: [{ unit_price: 1000, option_prices: [], addon_prices: [], quantity }],
    discount: 0,
    manual_discount: discount,
    serving_method: 'dine_in',
    delivery_fee: 0,
    paid_in_cash: false,
    settings: context.pricing,
  });
}

const discountedSale = (quantity: number, total: number, discount: unknown) => ({
  outlet_id: refs.kl,
  serving_method: 'dine_in' as const,
  table_no: '7',
  items: [{ product_id: refs.product, quantity }],
  payments: [{ method: 'card', amount: total, reference: 'CARD-MD' }],
  // Bad input on purpose too: the server's schema is what is tested.
  manual_discount: discount as ManualDiscountInput,
});

const setMaximum = (bp: number) =>
  t.database.db
    .update(tenants)
    .set({ manualDiscountMaxBp: bp })
    .where(eq(tenants.id, refs.tenantId));

describe('POST /api/orders with a manual discount', () => {
  it('prices the discount with the contract, records who gave it and why, and audits it', async () => {
    const discount = { kind: 'percent', value: 1500, reason: 'staff_meal' } as const;
    const expected = await contractTotals(2, discount);
    // RM 20.00 less 15% = RM 17.00; service RM 1.70; SST 6% of RM 18.70 = RM 1.12.
    expect(expected).toMatchObject({ discount: 300, service_charge: 170, service_tax: 112 });

    const res = await sell(t, manager, discountedSale(2, expected.total, discount));
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json().data);
    expect(order).toMatchObject({
      subtotal: expected.subtotal,
      discount: expected.discount,
      service_charge: expected.service_charge,
      service_tax: expected.service_tax,
      total: expected.total,
    });
    expect(order.manual_discount).toMatchObject({
      kind: 'percent',
      value: 1500,
      reason: 'staff_meal',
      note: null,
      amount: 300,
      by_name: expect.any(String),
    });

    const [row] = await t.database.db
      .select({ discount: orders.discount, manual: orders.manualDiscount })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toMatchObject({ discount: 300, manual: { reason: 'staff_meal', amount: 300 } });

    const [audit] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.create'), eq(auditLog.entityId, order.id)));
    expect(audit!.after).toMatchObject({
      discount: 300,
      manual_discount: { kind: 'percent', value: 1500, reason: 'staff_meal', amount: 300 },
    });
  });

  it('takes an amount in sen with a noted reason', async () => {
    const discount = {
      kind: 'amount',
      value: 150,
      reason: 'other',
      note: 'Loyal regular',
    } as const;
    const expected = await contractTotals(1, discount);
    const res = await sell(t, manager, discountedSale(1, expected.total, discount));
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json().data);
    expect(order.discount).toBe(150);
    expect(order.total).toBe(expected.total);
    expect(order.manual_discount).toMatchObject({ reason: 'other', note: 'Loyal regular' });
  });

  it('refuses a discount over the tenant maximum (20% unless it sets another)', async () => {
    // 20% of RM 10.00 is RM 2.00: RM 2.01 is over.
    const over = { kind: 'amount', value: 201, reason: 'service_recovery' } as const;
    const res = await sell(t, manager, discountedSale(1, 1000, over));
    const body = expectCode(res, 400, 'manual_discount_over_max');
    expect(body.message).toContain('RM 2.00');
    const percent = { kind: 'percent', value: 2500, reason: 'service_recovery' } as const;
    expectCode(
      await sell(t, manager, discountedSale(1, 1000, percent)),
      400,
      'manual_discount_over_max',
    );

    // Exactly at the maximum is allowed.
    const atMax = { kind: 'percent', value: 2000, reason: 'service_recovery' } as const;
    const expected = await contractTotals(1, atMax);
    expect(expected.discount).toBe(200);
    const ok = await sell(t, manager, discountedSale(1, expected.total, atMax));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('follows the maximum the tenant sets, and 0 allows none', async () => {
    await setMaximum(0);
    try {
      const small = { kind: 'amount', value: 1, reason: 'staff_meal' } as const;
      expectCode(
        await sell(t, manager, discountedSale(1, 1000, small)),
        400,
        'manual_discount_over_max',
      );
      await setMaximum(5000);
      const half = { kind: 'percent', value: 5000, reason: 'staff_meal' } as const;
      const expected = await contractTotals(1, half);
      const ok = await sell(t, manager, discountedSale(1, expected.total, half));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(orderSchema.parse(ok.json().data).discount).toBe(500);
    } finally {
      await setMaximum(2000);
    }
  });

  it("refuses a cashier without the discount permission and a manager's PIN (403)", async () => {
    const discount = { kind: 'amount', value: 100, reason: 'staff_meal' } as const;
    const expected = await contractTotals(1, discount);
    expectCode(
      await sell(t, cashier, discountedSale(1, expected.total, discount)),
      403,
      'approval_required',
    );
  });

  it('answers 400 for a reason "other" without a note, and 401 without a token', async () => {
    const res = await sell(
      t,
      manager,
      discountedSale(1, 1000, { kind: 'amount', value: 100, reason: 'other' }),
    );
    const body = expectCode(res, 400, 'validation_failed');
    expect(body.details?.map((d) => d.path)).toContain('manual_discount.note');
    expectCode(
      await sell(
        t,
        {},
        discountedSale(1, 1000, { kind: 'amount', value: 100, reason: 'staff_meal' }),
      ),
      401,
      'unauthorized',
    );
  });
});

describe("a cashier's discount approved by a manager's PIN at the till", () => {
  const PIN = '271828';
  const discount = { kind: 'amount', value: 100, reason: 'service_recovery' } as const;
  let managerId: string;
  let cashierId: string;
  let total: number;

  beforeAll(async () => {
    managerId = await staffIdOf(t, 'manager');
    cashierId = await staffIdOf(t, 'cashier');
    await setApprovalPin(t, manager, PIN);
    total = (await contractTotals(1, discount)).total;
  });

  /** The POS's sale, its approval typed on one device, and the sale's own key. */
  const approvedSale = (pin: string, approverId = managerId) => ({
    ...discountedSale(1, total, discount),
    approval: { approver_id: approverId, pin, device_id: 'till-device-0001' },
  });
  const ordersUnder = (key: string) =>
    t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(like(orders.idempotencyKey, `%:${key}`));

  it('refuses without a PIN, with a wrong one and with one’s own, recording nothing', async () => {
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    expectCode(
      await sell(t, cashier, discountedSale(1, total, discount), keys[0]),
      403,
      'approval_required',
    );
    expectCode(await sell(t, cashier, approvedSale('000000'), keys[1]), 403, 'pin_wrong');
    expectCode(await sell(t, cashier, approvedSale(PIN, cashierId), keys[2]), 403, 'approval_self');
    for (const key of keys) expect(await ordersUnder(key)).toEqual([]);
  });

  it('records one sale with its approval; a lost answer replays it under the same key', async () => {
    // A refused PIN's answer is kept with its key: the right PIN under that key is another
    // request (422), so the till sends the next PIN with a new key.
    const refusedKey = randomUUID();
    expectCode(await sell(t, cashier, approvedSale('000001'), refusedKey), 403, 'pin_wrong');
    expectCode(
      await sell(t, cashier, approvedSale(PIN), refusedKey),
      422,
      'idempotency_key_reused',
    );
    expect(await ordersUnder(refusedKey)).toEqual([]);

    const key = randomUUID();
    const first = await sell(t, cashier, approvedSale(PIN), key);
    expect(first.statusCode, first.body).toBe(201);
    const order = orderSchema.parse(first.json().data);
    expect(order.discount).toBe(100);
    expect(order.total).toBe(total);
    const again = await sell(t, cashier, approvedSale(PIN), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(orderSchema.parse(again.json().data).id).toBe(order.id);
    expect(await ordersUnder(key)).toEqual([{ id: order.id }]);
    const rows = await t.database.db
      .select()
      .from(approvals)
      .where(eq(approvals.subjectId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'manual_discount',
      requestedBy: cashierId,
      approvedBy: managerId,
    });
  });
});

describe('GET /api/pos/menu default options', () => {
  it('marks the option chosen unless the cashier picks another', async () => {
    const kopi = await productBySku(t, 'KOP-001');
    const res = await requestAs(t).get(`/api/pos/menu?outlet_id=${refs.kl}`, cashier);
    expect(res.statusCode, res.body).toBe(200);
    const menu = posMenuSchema.parse(res.json().data);
    const groups = menu.products.find((p) => p.id === kopi.id)!.variant_groups;
    const defaults = (name: string) =>
      groups
        .find((g) => g.name === name)!
        .options.filter((o) => o.is_default)
        .map((o) => o.name);
    // The demo marks the usual choices: a standard Kopi is one tap.
    expect(defaults('Sugar level')).toEqual(['Normal']);
    expect(defaults('Size')).toEqual(['Regular']);
    const peng = await productBySku(t, 'KOP-004');
    const ice = menu.products
      .find((p) => p.id === peng.id)!
      .variant_groups.find((g) => g.name === 'Ice level')!;
    expect(ice.options.filter((o) => o.is_default).map((o) => o.name)).toEqual(['Normal']);
  });
});
