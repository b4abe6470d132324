import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './database';
import { users } from './schema/access';
import { pointsEntries, walletEntries } from './schema/loyalty';
import { orderStatusHistory } from './schema/orders';
import { refundStatusHistory } from './schema/refunds';
import { voucherRedemptions } from './schema/vouchers';
import { addCustomer } from '../test/points-fixtures';
import { paidOrder, refundOf } from '../test/refund-fixtures';
import { useSaleApp } from '../test/use-sale-app';
import { addVoucher } from '../test/voucher-fixtures';
import { rowsIn } from '../test/fixtures';

// Migration 0046 turns the reasons written as English before they were coded into their codes
// and parameters, so an upgraded database shows them in the reader's language too. Each pattern
// is written here as its writer wrote it; what staff typed, and text no writer produced, stays.

const { t, as, refs, oneLine } = useSaleApp({
  signIn: ['admin'],
  product: { sku: 'BACKFILL-1', price: 1000 },
});

const statements = fs
  .readFileSync(path.join(migrationsFolder, '0046_coded_reasons.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(--.*\n)*(UPDATE|ALTER TABLE \S+ (DISABLE|ENABLE) TRIGGER)/.test(s));

/** Runs the migration's backfill (its columns exist) in one transaction, as the migrator does. */
const backfill = () =>
  t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });

type Coded = [string | null, string | null, unknown];
const system = { actorKind: 'system', actorName: 'Kopi HQ' } as const;
const staff = { actorKind: 'staff', actorName: 'Finance' } as const;

/** Old-style wallet rows: kind, actor and the English reason its writer put. */
const wallet: [string, typeof system | typeof staff, string, Coded][] = [
  ['spend', staff, 'Order KL01-0008', [null, 'order', { order_no: 'KL01-0008' }]],
  ['refund', staff, 'Refund RF-JB01-000004', [null, 'refund', { refund_no: 'RF-JB01-000004' }]],
  [
    'topup',
    staff,
    'Counter top-up KL01-T0003',
    [null, 'counter_topup', { receipt_no: 'KL01-T0003' }],
  ],
  ['reward', system, '300 points redeemed', [null, 'points_redeemed', { points: 300 }]],
  ['reward', system, 'Referral reward (referrer)', [null, 'referral_reward', { role: 'referrer' }]],
  [
    'adjustment',
    system,
    'Referral reward reversed (referrer)',
    [null, 'referral_reward_reversed', { role: 'referrer' }],
  ],
  // A staff member's own words stay theirs, even when they look like a system's.
  ['adjustment', staff, 'Order KL01-0008', ['Order KL01-0008', null, null]],
  ['adjustment', staff, 'Goodwill: drink remade', ['Goodwill: drink remade', null, null]],
];
const points: [string, typeof system | typeof staff, string, Coded][] = [
  ['reward', system, 'Referral reward (referee)', [null, 'referral_reward', { role: 'referee' }]],
  [
    'adjustment',
    system,
    'Referral reward reversed (referee)',
    [null, 'referral_reward_reversed', { role: 'referee' }],
  ],
  ['redeem', system, 'Redeemed for wallet credit', [null, 'redeemed_for_wallet_credit', {}]],
  [
    'expiry',
    system,
    'Points earned before 2025-06-10 expired',
    [null, 'points_expired', { before: '2025-06-10' }],
  ],
  [
    'voucher',
    system,
    'Reward: Backfill latte',
    [null, 'reward_exchange', { name_en: 'Backfill latte', name_my: 'Latte isi semula' }],
  ],
  [
    'voucher',
    system,
    'Reward: A reward since renamed',
    [null, 'reward_exchange', { name_en: 'A reward since renamed', name_my: null }],
  ],
  [
    'adjustment',
    staff,
    'Points earned before 2025-06-10 expired',
    ['Points earned before 2025-06-10 expired', null, null],
  ],
];

/** Old-style order history rows: from, to, by a user?, reason, and what it becomes. */
const history: [string | null, string, boolean, string, Coded][] = [
  [null, 'PENDING', true, 'Paid at the counter', [null, 'paid_at_counter', {}]],
  [
    null,
    'PENDING',
    true,
    'Paid at the counter outside opening hours',
    [null, 'paid_at_counter_outside_hours', {}],
  ],
  [null, 'CREATED', false, 'Placed in the app (MOBILE)', [null, 'placed_in_app', {}]],
  [
    'CREATED',
    'PENDING',
    false,
    'Paid online: RM 1234.05 (tng)',
    [null, 'paid_online', { amount: 123405, method: 'tng' }],
  ],
  [
    'CREATED',
    'PENDING',
    false,
    'Paid online: RM 0.90 (fpx)',
    [null, 'paid_online', { amount: 90, method: 'fpx' }],
  ],
  [
    'PENDING',
    'REJECTED',
    false,
    'Cancelled by customer',
    [null, 'cancelled_by_customer', { note: null }],
  ],
  [
    'CREATED',
    'REJECTED',
    false,
    'Cancelled by customer: ordered twice',
    [null, 'cancelled_by_customer', { note: 'ordered twice' }],
  ],
  ['CREATED', 'REJECTED', true, 'Not paid by the day close', [null, 'unpaid_at_day_close', {}]],
  ['COMPLETED', 'CLOSED', true, 'Day closed', [null, 'day_closed', {}]],
  // A staff member's rejection, however it reads, is what they typed.
  ['PENDING', 'REJECTED', true, 'Day closed', ['Day closed', null, null]],
  ['PENDING', 'REJECTED', true, 'Out of oat milk', ['Out of oat milk', null, null]],
];

const refundHistory: [boolean, string, Coded][] = [
  [false, 'Paid back through the payment provider', [null, 'paid_back_by_provider', {}]],
  [false, "Given back to the customer's wallet", [null, 'given_back_to_wallet', {}]],
  [true, 'Customer asked at the counter', ['Customer asked at the counter', null, null]],
];

const returned: [string, Coded][] = [
  ['Rejected: no reason given', [null, 'order_rejected', { note: null }]],
  ['Rejected: Out of milk', [null, 'order_rejected', { note: 'Out of milk' }]],
  [
    'Refunded in full (RF-KL01-000002)',
    [null, 'refunded_in_full', { refund_no: 'RF-KL01-000002' }],
  ],
  ['Cancelled by customer', [null, 'cancelled_by_customer', { note: null }]],
  [
    'Cancelled by customer: wrong outlet',
    [null, 'cancelled_by_customer', { note: 'wrong outlet' }],
  ],
  ['Not paid by the day close', [null, 'unpaid_at_day_close', {}]],
  ['Given back by hand', ['Given back by hand', null, null]],
];

const ids = {
  wallet: [] as string[],
  points: [] as string[],
  history: [] as string[],
  refundHistory: [] as string[],
  returned: [] as string[],
};

beforeAll(async () => {
  const db = t.database.db;
  const tenantId = refs.tenantId;
  const customer = await addCustomer(t, tenantId, { name: 'Backfill Customer' });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const entry = (i: number) => ({
    tenantId,
    customerId: customer.id,
    balanceAfter: 1000,
    idempotencyKey: `backfill:${randomUUID()}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  });
  for (const [i, [kind, actor, reason]] of wallet.entries()) {
    const [row] = await db
      .insert(walletEntries)
      .values({ ...entry(i), ...actor, kind, amount: 100, reason })
      .returning({ id: walletEntries.id });
    ids.wallet.push(row!.id);
  }
  await db.execute(sql`insert into voucher_rewards (tenant_id, voucher_id, name_en, name_my,
      points_price, starts_at)
    values (${tenantId}::uuid, ${(await addVoucher(t, { codeKind: 'unique', code: null })).id}::uuid,
      'Backfill latte', 'Latte isi semula', 100, '2026-01-01T00:00:00Z')`);
  for (const [i, [kind, actor, reason]] of points.entries()) {
    const [row] = await db
      .insert(pointsEntries)
      .values({ ...entry(i), ...actor, kind, points: 10, reason })
      .returning({ id: pointsEntries.id });
    ids.points.push(row!.id);
  }
  const sale = () =>
    paidOrder(
      t,
      as.admin,
      oneLine({ payments: [{ method: 'card', amount: 1060, reference: `BF-${randomUUID()}` }] }),
    );
  const order = await sale();
  for (const [i, [from, to, byUser, reason]] of history.entries()) {
    const [row] = await db
      .insert(orderStatusHistory)
      .values({
        tenantId,
        orderId: order.id,
        fromStatus: from,
        toStatus: to,
        byUserId: byUser ? admin!.id : null,
        byName: 'Backfill',
        reason,
        at: new Date(Date.UTC(2026, 0, 1, 1, i)),
      })
      .returning({ id: orderStatusHistory.id });
    ids.history.push(row!.id);
  }
  const refund = await refundOf(t, as.admin, {
    order_id: order.id,
    kind: 'full',
    method: 'original',
    reason: 'quality_issue',
  });
  for (const [i, [byUser, reason]] of refundHistory.entries()) {
    const [row] = await db
      .insert(refundStatusHistory)
      .values({
        tenantId,
        refundId: refund.id,
        fromStatus: 'PENDING',
        toStatus: 'APPROVED',
        byUserId: byUser ? admin!.id : null,
        byName: 'Backfill',
        reason,
        at: new Date(Date.UTC(2026, 0, 1, 2, i)),
      })
      .returning({ id: refundStatusHistory.id });
    ids.refundHistory.push(row!.id);
  }
  const voucher = await addVoucher(t);
  for (const reason of returned.map(([r]) => r)) {
    const { id: orderId } = await sale();
    const [row] = await db
      .insert(voucherRedemptions)
      .values({
        tenantId,
        voucherId: voucher.id,
        code: voucher.code!,
        orderId,
        outletId: refs.kl,
        source: 'pos',
        discount: 200,
        businessDate: '2026-06-10',
        status: 'returned',
        redeemedAt: new Date('2026-06-10T04:00:00Z'),
        returnedAt: new Date('2026-06-10T05:00:00Z'),
        returnReason: reason,
      })
      .returning({ id: voucherRedemptions.id });
    ids.returned.push(row!.id);
  }
  await backfill();
});

const inOrder = <T extends { id: string }>(rows: T[], order: string[]) =>
  order.map((id) => rows.find((r) => r.id === id)!);
/** What a row says of why: the typed reason, and the code and parameters the backfill put. */
const reasonsOf = (
  rows: { reason: string | null; reasonCode: string | null; reasonParams: unknown }[],
) => rows.map((r) => [r.reason, r.reasonCode, r.reasonParams]);

describe('migration 0046', () => {
  it('codes the wallet reasons each writer put, and leaves staff adjustments as typed', async () => {
    const rows = await rowsIn(t, walletEntries, walletEntries.id, ids.wallet);
    expect(reasonsOf(inOrder(rows, ids.wallet))).toEqual(wallet.map(([, , , coded]) => coded));
  });

  it('codes the points reasons, with a reward’s Malay name where the reward still has it', async () => {
    const rows = await rowsIn(t, pointsEntries, pointsEntries.id, ids.points);
    expect(reasonsOf(inOrder(rows, ids.points))).toEqual(points.map(([, , , coded]) => coded));
  });

  it('codes the system’s order moves and leaves what staff typed', async () => {
    const { id, at } = orderStatusHistory;
    const rows = await rowsIn(t, orderStatusHistory, id, ids.history, at);
    expect(reasonsOf(rows)).toEqual(history.map(([, , , , coded]) => coded));
  });

  it('codes the automatic refund moves and the voucher give-backs', async () => {
    const { id, at } = refundStatusHistory;
    const moves = await rowsIn(t, refundStatusHistory, id, ids.refundHistory, at);
    expect(reasonsOf(moves)).toEqual(refundHistory.map(([, , coded]) => coded));
    const given = await t.database.db
      .select()
      .from(voucherRedemptions)
      .where(inArray(voucherRedemptions.id, ids.returned));
    expect(
      inOrder(given, ids.returned).map((r) => [
        r.returnReason,
        r.returnReasonCode,
        r.returnReasonParams,
      ]),
    ).toEqual(returned.map(([, coded]) => coded));
  });

  it('runs every backfill statement, with the ledgers append-only again after it', async () => {
    // 9 on the ledgers between their triggers off and on, 5 order moves, refunds, vouchers.
    expect(statements).toHaveLength(20);
    const [entry] = ids.wallet;
    await expect(
      t.database.db
        .update(walletEntries)
        .set({ reason: 'edited' })
        .where(eq(walletEntries.id, entry!)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only: UPDATE/) }),
    });
  });

  it('changes nothing when run again', async () => {
    const read = () =>
      t.database.db.select().from(walletEntries).where(inArray(walletEntries.id, ids.wallet));
    const before = await read();
    await backfill();
    expect(await read()).toEqual(before);
    const [one] = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.id, ids.history[0]!));
    expect(one!.reasonCode).toBe('paid_at_counter');
  });
});
