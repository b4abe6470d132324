import { randomUUID } from 'node:crypto';
import type { MobilePaymentCode } from '@kopi/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../db/schema/customers';
import { loyaltySettings, pointsEntries, referrals, walletEntries } from '../db/schema/loyalty';
import { postWallet } from '../modules/loyalty/ledgers.service';
import { placeOrder, verifiedCustomer } from './mobile-fixtures';
import { movedRefund, refundOf } from './refund-fixtures';
import { demoTenantId } from './order-fixtures';
import { requestAs, type RequestHeaders, type TestApp } from './test-app';

// Test data where orders and refunds meet the customer's ledgers: customers with money in their
// wallet, their payment codes, ledgers and referrals as the database holds them.

/** A customer's row by id. */
export async function customerRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

/**
 * Credits a wallet as a top-up would (the top-up flow is tested with the wallet), or moves it as
 * `kind` says (a negative spend).
 */
export async function fund(
  t: TestApp,
  customerId: string,
  amount: number,
  kind: 'topup' | 'spend' = 'topup',
) {
  const tenantId = (await customerRow(t, customerId)).tenantId;
  await t.database.db.transaction((tx) =>
    postWallet(tx, {
      tenantId,
      customerId,
      kind,
      amount,
      idempotencyKey: `test:${randomUUID()}`,
      actor: { kind: 'system', name: 'test' },
    }),
  );
}

/** A verified app customer of the demo tenant with `balance` sen in the wallet. */
export async function walletCustomer(t: TestApp, balance = 0, name = 'Siti Aminah') {
  const customer = await verifiedCustomer(t, { name });
  const id = customer.session.customer.id;
  if (balance > 0) await fund(t, id, balance);
  return { ...customer, id };
}

/** POST /api/mobile/wallet/payment-code as the customer: a code that must be issued. */
export async function paymentCode(
  t: TestApp,
  headers: Record<string, string>,
): Promise<MobilePaymentCode> {
  const res = await requestAs(t, headers).post('/api/mobile/wallet/payment-code');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as MobilePaymentCode;
}

export const setCustomerStatus = (t: TestApp, id: string, status: 'active' | 'disabled') =>
  t.database.db.update(customers).set({ status }).where(eq(customers.id, id));

/** The customer's wallet entries, oldest first. */
export const walletOf = (t: TestApp, customerId: string) =>
  t.database.db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.customerId, customerId))
    .orderBy(asc(walletEntries.createdAt), asc(walletEntries.balanceAfter));

/** The customer's points entries, oldest first. */
export const pointsOf = (t: TestApp, customerId: string) =>
  t.database.db
    .select()
    .from(pointsEntries)
    .where(eq(pointsEntries.customerId, customerId))
    .orderBy(asc(pointsEntries.createdAt));

/** Points entries of one kind naming an order. */
export const orderPoints = (t: TestApp, orderId: string, kind: string) =>
  t.database.db
    .select()
    .from(pointsEntries)
    .where(and(eq(pointsEntries.orderId, orderId), eq(pointsEntries.kind, kind)));

/** The demo tenant's loyalty settings with `values` changed. */
export async function setLoyalty(t: TestApp, values: Partial<typeof loyaltySettings.$inferInsert>) {
  const tenantId = await demoTenantId(t);
  await t.database.db
    .insert(loyaltySettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: loyaltySettings.tenantId, set: values });
}

/** A referral row as sign-up makes it (pending). */
export async function refer(t: TestApp, referrerId: string, refereeId: string) {
  const [row] = await t.database.db
    .insert(referrals)
    .values({ tenantId: await demoTenantId(t), referrerId, refereeId })
    .returning();
  return row!;
}

export async function referralRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
  return row!;
}

/** A wallet payment for a sale body, paying `amount` with the code. */
export const walletPayment = (amount: number, code: string) => ({
  method: 'wallet',
  amount,
  payment_code: code,
});

/** A wallet payment code of a new demo customer, for a request that needs a live one. */
export async function issuedCode(t: TestApp) {
  const customer = await verifiedCustomer(t);
  return (await paymentCode(t, customer.headers)).code;
}

/** A refund `asker` asks for and `approver` approves and completes; answers it completed. */
export async function completedRefund(
  t: TestApp,
  asker: RequestHeaders,
  approver: RequestHeaders,
  body: Record<string, unknown>,
) {
  const refund = await refundOf(t, asker, body);
  await movedRefund(t, approver, refund.id, { status: 'APPROVED' });
  return movedRefund(t, approver, refund.id, { status: 'COMPLETED' });
}

/** An app order of one `productId` at `outletId`, placed by the customer (201). */
export async function placedAppOrder(
  t: TestApp,
  headers: RequestHeaders,
  outletId: string,
  productId: string,
) {
  const res = await placeOrder(t, headers, {
    outlet_id: outletId,
    items: [{ product_id: productId, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_no: string; total: number };
}
