import { randomUUID } from 'node:crypto';
import type { MobileWalletEntry, PaymentStart } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { walletEntries } from '../../db/schema/loyalty';
import { paymentIntents } from '../../db/schema/payments';
import { expectCode } from '../../test/expect-code';
import { postCallback, verifiedCustomer, type TestCustomer } from '../../test/mobile-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous, requestAs, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { balanceOf, fund, setWalletRules } from '../../test/wallet-fixtures';
import { signedSandboxCallback } from '../payments/intents/sandbox-provider';
import { checkTopup } from './wallet.service';
import { auditsOf } from '../../test/fixtures';

// Top-ups from the app through the payment-provider interface (the sandbox): refused for a
// blocked customer and beyond the tenant's maximum balance; the provider's callback credits the
// wallet once however often it is delivered, and a failed payment credits nothing.

const SECRET = 'wallet-topups-sandbox-secret-0123456789';
const MAX = 20_000;
let tenantId: string;

const { t, api, as } = useTestApp({
  signIn: ['admin'],
  config: { paymentSandboxSecret: SECRET },
});
const db = () => t.database.db;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  await setWalletRules(db(), tenantId, { walletMaxBalance: MAX });
});

function startTopup(who: TestCustomer, body: Record<string, unknown>, key?: string) {
  return requestAs(t, withIdempotencyKey(who.headers, key)).post('/api/mobile/wallet/topups', body);
}
async function topup(who: TestCustomer, amount: number, outcome: 'paid' | 'failed' = 'paid') {
  const res = await startTopup(who, { amount, sandbox_outcome: outcome });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PaymentStart;
}
const callback = (payment: PaymentStart) => postCallback(t, payment.sandbox_callback!);
const entriesOf = (customerId: string) =>
  db().select().from(walletEntries).where(eq(walletEntries.customerId, customerId));
const customerIdOf = (who: TestCustomer) => who.session.customer.id;

describe('a top-up', () => {
  it('shows the wallet, starts a sandbox payment and is credited once by its callback', async () => {
    const who = await verifiedCustomer(t, { name: 'Top Up Tan' });
    const wallet = await api.get('/api/mobile/wallet', who.headers);
    expect(wallet.json().data).toEqual({
      balance: 0,
      max_balance: MAX,
      topup_presets: [1000, 2000, 5000, 10000],
    });
    const payment = await topup(who, 5000);
    expect(payment).toMatchObject({
      provider: 'sandbox',
      method: 'duitnow_qr',
      amount: 5000,
      status: 'pending',
    });
    const [intent] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    expect(intent).toMatchObject({
      purpose: 'topup',
      orderId: null,
      customerId: customerIdOf(who),
      amount: 5000,
    });
    const first = await callback(payment);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    const again = await Promise.all([callback(payment), callback(payment)]);
    expect(again.map((r) => r.json().data.duplicate)).toEqual([true, true]);
    const entries = await entriesOf(customerIdOf(who));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'topup',
      amount: 5000,
      balanceAfter: 5000,
      idempotencyKey: `topup:${payment.payment_id}`,
      paymentId: payment.payment_id,
      actorKind: 'customer',
      actorId: customerIdOf(who),
      actorName: 'Top Up Tan',
    });
    expect(await balanceOf(db(), customerIdOf(who))).toBe(5000);
    const audited = await auditsOf(t, 'wallet.topup', customerIdOf(who));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      entity: 'customer',
      actorUsername: `customer:${who.phone.slice(0, 3)}•••••${who.phone.slice(-4)}`,
    });
    expect(audited[0]!.after).toMatchObject({ balance: 5000, payment_id: payment.payment_id });
    const listed = await api.get('/api/mobile/wallet/entries', who.headers);
    expect(listed.json().meta).toEqual({ page: 1, page_size: 10, total: 1 });
    expect((listed.json().data as MobileWalletEntry[])[0]).toEqual({
      id: entries[0]!.id,
      kind: 'topup',
      amount: 5000,
      balance_after: 5000,
      order_id: null,
      order_no: null,
      created_at: entries[0]!.createdAt.toISOString(),
    });
    expect((await api.get('/api/mobile/wallet', who.headers)).json().data.balance).toBe(5000);
  });

  it('credits nothing when the payment fails', async () => {
    const who = await verifiedCustomer(t);
    const payment = await topup(who, 2000, 'failed');
    expect((await callback(payment)).json().data).toEqual({ received: true, duplicate: false });
    expect(await entriesOf(customerIdOf(who))).toEqual([]);
    const [intent] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    expect(intent!.status).toBe('failed');
    const [failed] = await auditsOf(t, 'payment.failed', customerIdOf(who));
    expect(failed).toMatchObject({ entity: 'customer' });
  });

  it('answers a retried start with the same payment', async () => {
    const who = await verifiedCustomer(t);
    const key = randomUUID();
    const first = await startTopup(who, { amount: 1000 }, key);
    const again = await startTopup(who, { amount: 1000 }, key);
    expect(again.json().data.payment_id).toBe(first.json().data.payment_id);
    const intents = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.customerId, customerIdOf(who)));
    expect(intents).toHaveLength(1);
  });

  it('refuses a callback that names an order for a top-up', async () => {
    const who = await verifiedCustomer(t);
    const payment = await topup(who, 1000);
    const body = JSON.parse(payment.sandbox_callback!.body) as Record<string, unknown>;
    const forged = signedSandboxCallback(
      SECRET,
      JSON.stringify({ ...body, event_id: `evt_${randomUUID()}`, order_id: randomUUID() }),
    );
    expectCode(await postCallback(t, forged), 404, 'not_found');
    expect(await entriesOf(customerIdOf(who))).toEqual([]);
  });
});

describe('what a top-up may not do', () => {
  it('passes the maximum balance: refused before paying; money taken later is never lost', async () => {
    const who = await verifiedCustomer(t);
    const early = await topup(who, MAX - 3000);
    const late = await topup(who, 3000);
    await callback(early);
    expectCode(await startTopup(who, { amount: 3001 }), 409, 'wallet_balance_limit');
    // Started while there was room: the money was taken, so it is credited past the maximum.
    await callback(late);
    expect(await balanceOf(db(), customerIdOf(who))).toBe(MAX);
    expectCode(await startTopup(who, { amount: 100 }), 409, 'wallet_balance_limit');
  });

  it('may land exactly on the maximum balance; one sen more is refused', async () => {
    const who = await verifiedCustomer(t);
    await fund(db(), tenantId, customerIdOf(who), 1234);
    expectCode(await startTopup(who, { amount: MAX - 1234 + 1 }), 409, 'wallet_balance_limit');
    await callback(await topup(who, MAX - 1234));
    expect(await balanceOf(db(), customerIdOf(who))).toBe(MAX);
  });

  it('names the maximum balance in ringgit with separators', async () => {
    const who = await verifiedCustomer(t);
    await setWalletRules(db(), tenantId, { walletMaxBalance: 123_456 });
    try {
      const refused = expectCode(
        await startTopup(who, { amount: 200_000 }),
        409,
        'wallet_balance_limit',
      );
      expect(refused.message).toContain('maximum balance of RM 1,234.56,');
    } finally {
      await setWalletRules(db(), tenantId, { walletMaxBalance: MAX });
    }
  });

  it('is refused for a blocked customer, whose paid top-up is still credited', async () => {
    const who = await verifiedCustomer(t);
    const payment = await topup(who, 1500);
    await db()
      .update(customers)
      .set({ status: 'disabled' })
      .where(eq(customers.id, customerIdOf(who)));
    // A blocked customer's session no longer opens the app…
    expectCode(await startTopup(who, { amount: 1000 }), 401, 'unauthorized');
    // …and the wallet refuses a top-up for them whoever asks.
    const nothingInFlight = () => Promise.resolve(0);
    await expect(
      db().transaction((tx) => checkTopup(tx, tenantId, customerIdOf(who), 1000, nothingInFlight)),
    ).rejects.toMatchObject({ code: 'customer_blocked' });
    await callback(payment);
    expect(await balanceOf(db(), customerIdOf(who))).toBe(1500);
  });

  it('answers 401 without a customer session and 400 with a code_message for bad input', async () => {
    const who = await verifiedCustomer(t);
    for (const [method, url] of [
      ['GET', '/api/mobile/wallet'],
      ['GET', '/api/mobile/wallet/entries'],
      ['POST', '/api/mobile/wallet/topups'],
    ] as const) {
      const body = method === 'POST' ? { amount: 1000 } : undefined;
      const headers = { 'idempotency-key': randomUUID() };
      expectCode(
        await api.send(method, url, body, { ...anonymous, ...headers }),
        401,
        'unauthorized',
      );
      expectCode(
        await api.send(method, url, body, { ...as.admin, ...headers }),
        401,
        'unauthorized',
      );
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 99 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{}, 'amount'],
      [{ amount: 1000, method: 'cash' }, 'method'],
      [{ amount: 1000, method: 'wallet' }, 'method'],
      [{ amount: 1000, sandbox_outcome: 'maybe' }, 'sandbox_outcome'],
    ];
    for (const [body, path] of cases) {
      const res = expectCode(await startTopup(who, body), 400, 'validation_failed');
      expect(res.details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
    expectCode(
      await startTopup(who, { amount: 1000, provider: 'paypal' }),
      400,
      'payment_provider_unavailable',
    );
    expectCode(
      await api.post('/api/mobile/wallet/topups', { amount: 1000 }, who.headers),
      400,
      'idempotency_key_required',
    );
    expectCode(
      await api.get('/api/mobile/wallet/entries?page_size=7', who.headers),
      400,
      'validation_failed',
    );
    expect(await entriesOf(customerIdOf(who))).toEqual([]);
  });
});
