import { orderSchema } from '@kopi/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerOrders, customers } from '../../db/schema/customers';
import { walletPaymentCodes } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { expectCode } from '../../test/expect-code';
import { createTenant } from '../../test/fixtures';
import { sell, type SaleBody } from '../../test/order-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import {
  customerRow,
  fund,
  paymentCode,
  pointsOf,
  setCustomerStatus,
  walletCustomer,
  walletOf,
  walletPayment,
} from '../../test/wallet-pay-fixtures';

// A counter sale with a customer: paid (in part) from their wallet with the code their app shows,
// or with the customer the cashier attached by phone. The sale, the wallet's charge, the code and
// the points are one transaction: a wallet too low records nothing and leaves the code usable.
// The test product costs RM 10.03, RM 10.63 with SST: a cash-only sale would round to RM 10.65,
// a split is never rounded.

const { t, api, as, oneLine } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'WALLET-KOPI', price: 1003 },
});
const { admin } = as;
const TOTAL = 1063;

const sale = (payments: Record<string, unknown>[], extra: Partial<SaleBody> = {}) =>
  sell(
    t,
    as.cashier,
    oneLine({
      payments,
      ...extra,
    }),
  );
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
const codeRow = async (customerId: string) =>
  (
    await t.database.db
      .select()
      .from(walletPaymentCodes)
      .where(eq(walletPaymentCodes.customerId, customerId))
  )[0]!;

describe('paying with the wallet at the counter', () => {
  it('takes the wallet’s part of a split with cash, pays the order and earns the points', async () => {
    const customer = await walletCustomer(t, 5000, 'Farah Idris');
    const { code } = await paymentCode(t, customer.headers);
    const res = await sale([
      walletPayment(1000, code),
      { method: 'cash', amount: TOTAL - 1000, tendered: 100 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json().data);
    expect(order).toMatchObject({
      status: 'PENDING',
      total: TOTAL,
      paid: TOTAL,
      rounding: 0,
      customer_id: customer.id,
      customer_name: 'Farah Idris',
      customer_phone: customer.phone,
      payment_methods: ['wallet', 'cash'],
    });
    expect(order.payments.map((p) => [p.method, p.amount, p.change])).toEqual([
      ['wallet', 1000, 0],
      ['cash', 63, 37],
    ]);
    const wallet = await walletOf(t, customer.id);
    expect(wallet.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['topup', 5000, 5000],
      ['spend', -1000, 4000],
    ]);
    expect(wallet[1]).toMatchObject({
      orderId: order.id,
      idempotencyKey: `order:${order.id}:wallet:1`,
      actorKind: 'staff',
      reason: null,
      reasonCode: 'order',
      reasonParams: { order_no: order.order_no },
    });
    const points = await pointsOf(t, customer.id);
    expect(points.map((p) => [p.kind, p.points, p.spend, p.orderId])).toEqual([
      ['earn', 10, TOTAL, order.id],
    ]);
    expect(await customerRow(t, customer.id)).toMatchObject({ walletBalance: 4000, points: 10 });
    expect(await codeRow(customer.id)).toMatchObject({ orderId: order.id });
    // The receipt prints a point per whole ringgit paid (RM 10.63: 10) and the balances after.
    expect(order.loyalty).toEqual({ points_earned: 10, points_balance: 10, wallet_balance: 4000 });
    // The details read answers the customer too; a reprint after a later top-up still prints the
    // wallet as the sale left it.
    await fund(t, customer.id, 700);
    const details = await api.get(`/api/orders/${order.id}`, admin);
    expect(details.json().data).toMatchObject({
      customer_id: customer.id,
      loyalty: { points_earned: 10, points_balance: 10, wallet_balance: 4000 },
    });
  });

  it('prints no loyalty on a sale without a customer', async () => {
    const res = await sale([{ method: 'cash', amount: 1065 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.loyalty).toBeNull();
  });

  it('refuses a wallet too low and records nothing: no order, no entry, the code still usable', async () => {
    const customer = await walletCustomer(t, 500);
    const { code } = await paymentCode(t, customer.headers);
    const before = await orderCount();
    expectCode(await sale([walletPayment(TOTAL, code)]), 409, 'insufficient_wallet_balance');
    expect(await orderCount()).toBe(before);
    expect(await codeRow(customer.id)).toMatchObject({ usedAt: null, orderId: null });
    expect((await walletOf(t, customer.id)).map((e) => e.kind)).toEqual(['topup']);
    expect(await pointsOf(t, customer.id)).toEqual([]);
    // Topped up, the same code pays.
    await fund(t, customer.id, 1000);
    const paid = await sale([walletPayment(TOTAL, code)]);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.rounding).toBe(0);
    expect((await customerRow(t, customer.id)).walletBalance).toBe(1500 - TOTAL);
  });

  it('needs the code for a wallet payment, and a code only on a wallet payment', async () => {
    const res = expectCode(
      await sale([{ method: 'wallet', amount: TOTAL }]),
      400,
      'wallet_payment_needs_code',
    );
    expect(res.details).toEqual([
      { path: 'payments.0.payment_code', message: 'validation.required' },
    ]);
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    const wrong = expectCode(
      await sale([{ method: 'card', amount: TOTAL, reference: 'SLIP-1', payment_code: code }]),
      400,
      'validation_failed',
    );
    expect(wrong.details?.[0]?.path).toBe('payments.0.payment_code');
    expectCode(await sale([walletPayment(TOTAL, '12345')]), 400, 'validation_failed');
    expect(await codeRow(customer.id)).toMatchObject({ usedAt: null });
  });

  it('charges the code’s customer only: another customer on the sale is refused', async () => {
    const owner = await walletCustomer(t, 5000);
    const other = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, owner.headers);
    const before = await orderCount();
    expectCode(
      await sale([walletPayment(TOTAL, code)], { customer_id: other.id }),
      409,
      'payment_code_invalid',
    );
    expect(await orderCount()).toBe(before);
    expect(await codeRow(owner.id)).toMatchObject({ usedAt: null });
    const same = await sale([walletPayment(TOTAL, code)], { customer_id: owner.id });
    expect(same.statusCode, same.body).toBe(201);
  });
});

describe('a customer attached at the counter', () => {
  it('links the sale to the customer, earns their points and names them on the receipt', async () => {
    const customer = await walletCustomer(t, 0, 'Ahmad Faiz');
    const res = await sale([{ method: 'cash', amount: 1065 }], { customer_id: customer.id });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      customer_id: customer.id,
      customer_name: 'Ahmad Faiz',
      customer_phone: customer.phone,
      rounding: 2,
    });
    const [link] = await t.database.db
      .select()
      .from(customerOrders)
      .where(eq(customerOrders.orderId, order.id));
    expect(link).toMatchObject({ customerId: customer.id });
    expect((await pointsOf(t, customer.id)).map((p) => [p.points, p.spend])).toEqual([[10, 1065]]);
    // A name the cashier typed stays on the receipt.
    const named = await sale([{ method: 'cash', amount: 1065 }], {
      customer_id: customer.id,
      customer_name: 'Encik Faiz',
    });
    expect(named.json().data.customer_name).toBe('Encik Faiz');
    // A walk-in sale has none.
    const walkIn = await sale([{ method: 'cash', amount: 1065 }]);
    const read = await api.get(`/api/orders/${walkIn.json().data.id}`, admin);
    expect(read.json().data.customer_id).toBeNull();
  });

  it('refuses a customer of another business (404), a blocked one (409) and a bad id (400)', async () => {
    const { tenant } = await createTenant(t, 'kopi-west');
    const [stranger] = await t.database.db
      .insert(customers)
      .values({ tenantId: tenant.id, name: 'Stranger', phone: '+60119999999', referralCode: 'W1' })
      .returning();
    const before = await orderCount();
    const cash = [{ method: 'cash', amount: 1065 }];
    expectCode(await sale(cash, { customer_id: stranger!.id }), 404, 'not_found');
    const blocked = await walletCustomer(t, 5000);
    await setCustomerStatus(t, blocked.id, 'disabled');
    expectCode(await sale(cash, { customer_id: blocked.id }), 409, 'customer_blocked');
    expectCode(await sale(cash, { customer_id: 'not-a-uuid' }), 400, 'validation_failed');
    expect(await orderCount()).toBe(before);
  });
});
