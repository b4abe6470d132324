import { randomUUID } from 'node:crypto';
import type { WalletAdjustmentResult } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { customers } from '../db/schema/customers';
import { loyaltySettings } from '../db/schema/loyalty';
import { postWallet } from '../modules/loyalty/ledgers.service';
import { newPhone } from './mobile-fixtures';
import { requestAs, type RequestHeaders, type TestApp, withIdempotencyKey } from './test-app';

// Test data for the wallet: customers of a tenant (as the counter adds them: name and phone),
// funded through the ledger as a top-up would, and adjustments through the API.

let counter = 0;

/** A customer of `tenantId` holding `balance` sen (one top-up entry when above zero). */
export async function walletCustomer(
  db: Db,
  tenantId: string,
  options: { name?: string; balance?: number; status?: 'active' | 'disabled' } = {},
) {
  const n = ++counter;
  const [row] = await db
    .insert(customers)
    .values({
      tenantId,
      name: options.name ?? `Wallet customer ${n}`,
      phone: newPhone(),
      referralCode: `W${n}${randomUUID().slice(0, 8)}`.toUpperCase(),
      status: options.status ?? 'active',
    })
    .returning();
  if (options.balance) await fund(db, tenantId, row!.id, options.balance);
  return row!;
}

/** Credits `amount` sen to a customer's wallet as a settled top-up would. */
export async function fund(db: Db, tenantId: string, customerId: string, amount: number) {
  return db.transaction((tx) =>
    postWallet(tx, {
      tenantId,
      customerId,
      kind: 'topup',
      amount,
      idempotencyKey: `test-fund:${randomUUID()}`,
      actor: { kind: 'system', name: 'Test' },
    }),
  );
}

/** The customer's balance as the customer row keeps it. */
export async function balanceOf(db: Db, customerId: string) {
  const [row] = await db
    .select({ balance: customers.walletBalance })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.balance;
}

/** Sets the tenant's wallet rules (the row is made with its defaults first). */
export async function setWalletRules(
  db: Db,
  tenantId: string,
  rules: Partial<Pick<typeof loyaltySettings.$inferInsert, 'walletMaxBalance' | 'adjustmentLimit'>>,
) {
  await db.insert(loyaltySettings).values({ tenantId }).onConflictDoNothing();
  await db.update(loyaltySettings).set(rules).where(eq(loyaltySettings.tenantId, tenantId));
}

/** POST /api/customers/{id}/wallet/adjust with a fresh (or the given) Idempotency-Key. */
export function adjust(
  t: TestApp,
  headers: RequestHeaders,
  customerId: string,
  body: { amount: number; reason: string },
  key: string = randomUUID(),
) {
  return requestAs(t, withIdempotencyKey(headers, key)).post(
    `/api/customers/${customerId}/wallet/adjust`,
    body,
  );
}

/** An adjustment over the limit, asked for by `headers`: its id. */
export async function pendingAdjustment(
  t: TestApp,
  headers: RequestHeaders,
  customerId: string,
  amount: number,
) {
  const res = await adjust(t, headers, customerId, { amount, reason: 'Goodwill for a lost order' });
  if (res.statusCode !== 200) throw new Error(`adjust failed: ${res.statusCode} ${res.body}`);
  const result = res.json().data as WalletAdjustmentResult;
  if (!result.adjustment) throw new Error(`adjustment posted at once: ${res.body}`);
  return result.adjustment.id;
}
