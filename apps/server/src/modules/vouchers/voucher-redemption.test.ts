import { orderSchema, posContextSchema, priceOrder } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { createTenant } from '../../test/fixtures';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addCustomer, freshPhone } from '../../test/customer-fixtures';
import { expectCode } from '../../test/expect-code';
import { addProduct, sell } from '../../test/order-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import {
  addUniqueCode,
  addVoucher,
  codeNow,
  freshCode,
  orderCount,
  redemptionsOf,
  voucherNow,
} from '../../test/voucher-fixtures';

// A voucher on a counter sale (POST /api/orders with voucher_code): applied by evaluateVoucher in
// the order's transaction and redeemed once, or refused with its reason and nothing written.

const { t, as, refs, codeSale } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'VR-1000', price: 1000 },
});
const { admin, cashier } = as;
let pg: string;
let other: string;

beforeAll(async () => {
  pg = (await demoOutlet(t, 'PG01')).id;
  other = (await addProduct(t, { sku: 'VR-OTHER', price: 500 })).id;
});

/** What the contract prices a pick-up of `quantity` RM 10.00 lines at, less `discount`. */
async function contractTotal(quantity: number, discount: number) {
  const res = await requestAs(t).get(`/api/pos/context?outlet_id=${refs.kl}`, admin);
  const context = posContextSchema.parse(res.json().data);
  return priceOrder({
    lines: [{ unit_price: 1000, option_prices: [], addon_prices: [], quantity }],
    discount,
    serving_method: 'pick_up',
    delivery_fee: 0,
    paid_in_cash: false,
    settings: context.pricing,
  });
}

const sale = (code: string, total: number, extra: Record<string, unknown> = {}) =>
  codeSale(code, total, 'CARD-V', extra);

describe('POST /api/orders with a voucher', () => {
  it('takes the discount before SST, records one redemption and shows and audits it', async () => {
    const v = await addVoucher(t, { value: 250 });
    const expected = await contractTotal(2, 250);
    const res = await sell(t, admin, {
      ...sale(v.code!.toLowerCase(), expected.total),
      items: [{ product_id: refs.product, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json().data);
    expect(order).toMatchObject({
      subtotal: 2000,
      discount: 250,
      service_tax: expected.service_tax,
      total: expected.total,
    });
    // Typed in lower case, kept as the voucher's code.
    expect(order.voucher).toEqual({
      id: v.id,
      code: v.code,
      name_en: 'Test voucher',
      name_my: 'Baucar ujian',
      discount: 250,
    });
    const [redemption] = await redemptionsOf(t, v.id);
    expect(redemption).toMatchObject({
      orderId: order.id,
      outletId: refs.kl,
      source: 'pos',
      discount: 250,
      businessDate: '2026-06-10',
      status: 'redeemed',
    });
    expect((await voucherNow(t, v.id)).redeemedCount).toBe(1);
    const read = await requestAs(t).get(`/api/orders/${order.id}`, admin);
    expect(read.json().data.voucher).toEqual(order.voucher);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(entry!.after).toMatchObject({ voucher: { id: v.id, discount: 250 }, discount: 250 });
  });

  it('marks a unique code used and refuses it a second time', async () => {
    const { voucher: v, code } = await addUniqueCode(t, { value: 100 });
    const { total } = await contractTotal(1, 100);
    expect((await sell(t, admin, sale(code.code, total))).statusCode).toBe(201);
    expect((await codeNow(t, code.id)).redeemedAt).not.toBeNull();
    const before = await orderCount(t);
    expectCode(await sell(t, admin, sale(code.code, total)), 409, 'voucher_limit_reached');
    expect(await orderCount(t)).toBe(before);
    expect((await voucherNow(t, v.id)).redeemedCount).toBe(1);
  });

  // Each rule broken on its own; the expected code is the rule's reason.
  const refusals: [string, () => Promise<Parameters<typeof addVoucher>[1]>, string][] = [
    ['switched off', async () => ({ status: 'inactive' }), 'voucher_inactive'],
    [
      'not valid yet',
      async () => ({ validFrom: new Date('2026-06-11T00:00:00Z') }),
      'voucher_not_yet_valid',
    ],
    ['expired', async () => ({ validUntil: new Date('2026-06-10T03:00:00Z') }), 'voucher_expired'],
    // The clock is a Wednesday (3) at noon in Kuala Lumpur.
    ['on another day', async () => ({ daysOfWeek: [4] }), 'voucher_wrong_day'],
    [
      'at another hour',
      async () => ({ hoursFrom: '14:00', hoursUntil: '16:00' }),
      'voucher_wrong_hour',
    ],
    ['at another outlet', async () => ({ outletIds: [pg] }), 'voucher_outlet'],
    ['for the app only', async () => ({ sources: ['app'] }), 'voucher_source'],
    ['for delivery only', async () => ({ servingMethods: ['delivery'] }), 'voucher_serving_method'],
    ['needing a customer', async () => ({ requiresCustomer: true }), 'voucher_customer_needed'],
    ['used up', async () => ({ totalLimit: 2, redeemedCount: 2 }), 'voucher_limit_reached'],
    ['below its minimum spend', async () => ({ minSpend: 1001 }), 'voucher_min_spend'],
    ['for other products', async () => ({ productIds: [other] }), 'voucher_no_eligible_item'],
  ];
  it.each(refusals)('refuses a voucher %s, writing nothing', async (_, rules, code) => {
    const v = await addVoucher(t, await rules());
    const countBefore = (await voucherNow(t, v.id)).redeemedCount;
    const before = await orderCount(t);
    const res = await sell(t, admin, sale(v.code!, 1060));
    const body = expectCode(res, 409, code);
    expect(body.message).not.toBe('');
    expect(await orderCount(t)).toBe(before);
    expect(await redemptionsOf(t, v.id)).toEqual([]);
    expect((await voucherNow(t, v.id)).redeemedCount).toBe(countBefore);
  });

  it('keeps a per-customer limit: the attached customer’s second use is refused', async () => {
    const v = await addVoucher(t, { perCustomerLimit: 1, value: 100 });
    const customer = await addCustomer(t, { name: 'Siti', phone: freshPhone() });
    const { total } = await contractTotal(1, 100);
    const withCustomer = sale(v.code!, total, { customer_id: customer.id });
    expect((await sell(t, admin, withCustomer)).statusCode).toBe(201);
    const before = await orderCount(t);
    expectCode(await sell(t, admin, withCustomer), 409, 'voucher_customer_limit_reached');
    expect(await orderCount(t)).toBe(before);
    // Without a customer the limit cannot be kept: refused as needing one.
    expectCode(await sell(t, admin, sale(v.code!, total)), 409, 'voucher_customer_needed');
    // Another customer has their own use.
    const next = await addCustomer(t, { name: 'Ali', phone: freshPhone() });
    const res = await sell(t, admin, sale(v.code!, total, { customer_id: next.id }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await redemptionsOf(t, v.id);
    expect(rows.map((r) => r.customerId).sort()).toEqual([customer.id, next.id].sort());
  });

  it('goes up to its total limit exactly, and refuses one past it', async () => {
    const v = await addVoucher(t, { totalLimit: 3, value: 100 });
    const { total } = await contractTotal(1, 100);
    for (let i = 0; i < 3; i++) {
      const res = await sell(t, admin, sale(v.code!, total));
      expect(res.statusCode, res.body).toBe(201);
    }
    expectCode(await sell(t, admin, sale(v.code!, total)), 409, 'voucher_limit_reached');
    expect((await voucherNow(t, v.id)).redeemedCount).toBe(3);
    expect(await redemptionsOf(t, v.id)).toHaveLength(3);
  });

  it('knows no code of another tenant, nor one nobody has', async () => {
    const { tenant } = await createTenant(t, `voucher-other-${Date.now()}`);
    const theirs = await addVoucher(t, { tenantId: tenant.id });
    expectCode(await sell(t, admin, sale(theirs.code!, 1060)), 409, 'voucher_unknown');
    expectCode(await sell(t, admin, sale(freshCode(), 1060)), 409, 'voucher_unknown');
    expect((await voucherNow(t, theirs.id)).redeemedCount).toBe(0);
  });

  it('refuses a code that is not a code (400 with the field) and a discount of its own', async () => {
    const bad = await sell(t, admin, sale('a!', 1060));
    const body = expectCode(bad, 400, 'validation_failed');
    expect(body.details!.map((d) => d.path)).toContain('voucher_code');
    const v = await addVoucher(t);
    expectCode(
      await sell(t, admin, sale(v.code!, 1060, { discount: 200 })),
      400,
      'discount_not_allowed',
    );
  });

  it('lets an outlet-bound cashier use a voucher at their outlet, refused for another', async () => {
    const v = await addVoucher(t, { outletIds: [refs.kl], value: 100 });
    const { total } = await contractTotal(1, 100);
    const res = await sell(t, cashier, sale(v.code!, total));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.voucher.id).toBe(v.id);
    // Another outlet is not theirs: 404 before any voucher is looked at.
    const elsewhere = await sell(t, cashier, sale(v.code!, total, { outlet_id: pg }));
    expectCode(elsewhere, 404, 'not_found');
    expect((await voucherNow(t, v.id)).redeemedCount).toBe(1);
  });
});
