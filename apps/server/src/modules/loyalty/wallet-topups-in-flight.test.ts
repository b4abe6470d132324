import { randomUUID } from 'node:crypto';
import type { PaymentStart } from '@kopi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../db/schema/payments';
import { expectCode } from '../../test/expect-code';
import { postCallback, verifiedCustomer, type TestCustomer } from '../../test/mobile-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { engine, requestAs, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { balanceOf, fund, setWalletRules } from '../../test/wallet-fixtures';
import { AppError } from '../../lib/errors';
import { insertTopupIntent, pendingTopupSum } from '../payments/intents/payments.repo';
import { TOPUP_IN_FLIGHT_MINUTES } from '../payments/intents/payments.service';
import { postWallet } from './ledgers.service';
import { checkTopup } from './wallet.service';
import { auditsOf } from '../../test/fixtures';

// The maximum balance counts the customer's top-ups still being paid: a start is refused when the
// balance, the pending top-ups of the last 30 minutes and its own amount pass the maximum. Money
// that arrives anyway (a refund landed meanwhile, an abandoned top-up paid late) is credited past
// the maximum and flagged in the trail. Concurrent starts queue on the customer's row: on
// PostgreSQL each start's transaction holds its own connection, all open before any checks, and
// exactly as many pass as fit; PGlite runs them one at a time on its single connection.

const MAX = 100_000; // RM 1,000.00
const BALANCE = 6_000; // RM 60.00
const IN_FLIGHT_MINUTES = 30;
const RACERS = 16;

let tenantId: string;
const { t } = useTestApp({ poolMax: RACERS + 8 });
const db = () => t.database.db;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  await setWalletRules(db(), tenantId, { walletMaxBalance: MAX });
});

const idOf = (who: TestCustomer) => who.session.customer.id;
function start(who: TestCustomer, amount: number, outcome: 'paid' | 'failed' = 'paid') {
  return requestAs(t, withIdempotencyKey(who.headers)).post('/api/mobile/wallet/topups', {
    amount,
    sandbox_outcome: outcome,
  });
}
async function started(who: TestCustomer, amount: number, outcome: 'paid' | 'failed' = 'paid') {
  const res = await start(who, amount, outcome);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PaymentStart;
}
const pay = (payment: PaymentStart) => postCallback(t, payment.sandbox_callback!);
/** A customer of the app holding BALANCE sen. */
async function holder() {
  const who = await verifiedCustomer(t);
  await fund(db(), tenantId, idOf(who), BALANCE);
  return who;
}
const overLimitFlags = (customerId: string) => auditsOf(t, 'wallet.topup_over_limit', customerId);
/** Moves a started top-up back in time, as if it had been started `minutes` ago. */
const startedAgo = (paymentId: string, minutes: number) =>
  db()
    .update(paymentIntents)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(paymentIntents.id, paymentId));

describe('a top-up start counts the top-ups still being paid', () => {
  it('refuses the second RM 471 of two against RM 60 and a RM 1,000 maximum', async () => {
    // Another customer's top-up in flight takes none of this one's room.
    await started(await holder(), MAX - BALANCE);
    const who = await holder();
    await started(who, 47_100);
    expectCode(await start(who, 47_100), 409, 'wallet_balance_limit');
    // Room left: the maximum less the balance and the pending top-up.
    const room = MAX - BALANCE - 47_100;
    expectCode(await start(who, room + 1), 409, 'wallet_balance_limit');
    const last = await started(who, room);
    await pay(last);
    expect(await balanceOf(db(), idOf(who))).toBe(BALANCE + room);
    expectCode(await start(who, 100), 409, 'wallet_balance_limit');
  });

  it('credits both when paid, landing exactly on the maximum, unflagged', async () => {
    const who = await holder();
    const first = await started(who, 47_100);
    const second = await started(who, MAX - BALANCE - 47_100);
    await pay(second);
    await pay(first);
    expect(await balanceOf(db(), idOf(who))).toBe(MAX);
    expect(await overLimitFlags(idOf(who))).toEqual([]);
  });

  it('frees the room of a failed top-up', async () => {
    const who = await holder();
    const failed = await started(who, MAX - BALANCE, 'failed');
    expectCode(await start(who, 100), 409, 'wallet_balance_limit');
    await pay(failed);
    await started(who, MAX - BALANCE);
  });

  it(`stops counting a top-up left pending ${IN_FLIGHT_MINUTES} minutes`, async () => {
    const who = await holder();
    const abandoned = await started(who, 50_000);
    await startedAgo(abandoned.payment_id, IN_FLIGHT_MINUTES - 1);
    expectCode(await start(who, 50_000), 409, 'wallet_balance_limit');
    await startedAgo(abandoned.payment_id, IN_FLIGHT_MINUTES + 1);
    const fresh = await started(who, 50_000);
    await pay(fresh);
    // The abandoned one is paid after all: credited past the maximum, and flagged.
    await pay(abandoned);
    const balance = BALANCE + 50_000 + 50_000;
    expect(await balanceOf(db(), idOf(who))).toBe(balance);
    const [flag, ...more] = await overLimitFlags(idOf(who));
    expect(more).toEqual([]);
    expect(flag!.after).toMatchObject({
      balance,
      max_balance: MAX,
      over_by: balance - MAX,
      payment_id: abandoned.payment_id,
    });
  });

  it('credits and flags a top-up paid after a refund to the wallet filled it', async () => {
    const who = await holder();
    const payment = await started(who, 20_000);
    // A refund to the wallet lands while the top-up is being paid, up to the maximum.
    await db().transaction((tx) =>
      postWallet(tx, {
        tenantId,
        customerId: idOf(who),
        kind: 'refund',
        amount: MAX - BALANCE,
        idempotencyKey: `test-refund:${randomUUID()}`,
        actor: { kind: 'system', name: 'Test' },
      }),
    );
    expect((await pay(payment)).json().data).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(db(), idOf(who))).toBe(MAX + 20_000);
    const flags = await overLimitFlags(idOf(who));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.after).toMatchObject({ balance: MAX + 20_000, over_by: 20_000 });
    // A replayed callback credits and flags nothing more.
    await pay(payment);
    expect(await balanceOf(db(), idOf(who))).toBe(MAX + 20_000);
    expect(await overLimitFlags(idOf(who))).toHaveLength(1);
  });
});

describe(`${RACERS} top-ups started at once`, () => {
  const amount = 30_000;
  const fit = Math.floor((MAX - BALANCE) / amount); // 3

  it('pass exactly as many as fit, each transaction open before any checks', async () => {
    const who = await holder();
    const barrier = engine === 'postgres';
    const pids = new Set<number>();
    let opened = 0;
    let release = () => {};
    const allOpen = new Promise<void>((resolve) => (release = resolve));
    // What a start's transaction does, with every racer holding its own connection first.
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, () =>
        db()
          .transaction(async (tx) => {
            if (barrier) {
              const [row] = rowsOf<{ pid: number }>(
                await tx.execute(sql`select pg_backend_pid() as pid`),
              );
              pids.add(row!.pid);
              if (++opened === RACERS) release();
              await allOpen;
            }
            const customerId = idOf(who);
            await checkTopup(tx, tenantId, customerId, amount, () =>
              pendingTopupSum(tx, tenantId, customerId, TOPUP_IN_FLIGHT_MINUTES),
            );
            const values = { tenantId, customerId, provider: 'sandbox', method: 'duitnow_qr' };
            await insertTopupIntent(tx, { ...values, amount });
          })
          .then(
            () => 'ok',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
      ),
    );
    if (barrier) expect(pids.size).toBe(RACERS);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(fit);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(
      Array.from({ length: RACERS - fit }, () => 'wallet_balance_limit'),
    );
  });

  it('through the API: exactly as many as fit answer 201, the rest 409', async () => {
    const who = await holder();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => start(who, amount)));
    const codes = answers.map((r) =>
      r.statusCode === 201 ? 'ok' : `${r.statusCode} ${r.json().code_message}`,
    );
    console.log(
      `top-up start race on ${engine}: ${RACERS} starts of ${amount} sen, room ${MAX - BALANCE} → ` +
        `${codes.filter((c) => c === 'ok').length} started (expected ${fit})`,
    );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(fit);
    expect(codes.filter((c) => c !== 'ok')).toEqual(
      Array.from({ length: RACERS - fit }, () => '409 wallet_balance_limit'),
    );
    const pending = await db()
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.customerId, idOf(who)), eq(paymentIntents.status, 'pending')));
    expect(pending).toHaveLength(fit);
  });
});
