import { randomUUID } from 'node:crypto';
import type { WalletAdjustment, WalletAdjustmentResult } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletAdjustments, walletEntries } from '../../db/schema/loyalty';
import { auditLog, idempotencyKeys } from '../../db/schema/platform';
import { expectCode } from '../../test/expect-code';
import { createTenant, createUser, auditsOf } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import {
  adjust,
  balanceOf,
  pendingAdjustment,
  setWalletRules,
  walletCustomer,
} from '../../test/wallet-fixtures';

// Staff adjustments of a wallet: up to the tenant's limit they post at once (audited with the
// reason and the balance before and after); above it they wait for a second staff member, who
// is never the one who asked; a debit never takes the balance below zero; a retried request
// posts once.

const LIMIT = 5000;
let tenantId: string;
let rivalCustomer: string;

const { t, api, as } = useTestApp({ signIn: ['admin', 'finance', 'manager'], api: 'admin' });
const { admin, finance, manager } = as;
const db = () => t.database.db;
const customer = (balance = 0) => walletCustomer(db(), tenantId, { balance });
const entriesOf = (customerId: string) =>
  db().select().from(walletEntries).where(eq(walletEntries.customerId, customerId));
const resultOf = (res: { json(): unknown }) =>
  (res.json() as { data: WalletAdjustmentResult }).data;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  await setWalletRules(db(), tenantId, { adjustmentLimit: LIMIT });
  const rival = await createTenant(t, 'wallet-adjust-rival');
  rivalCustomer = (await walletCustomer(db(), rival.tenant.id, { balance: 1000 })).id;
});

describe('an adjustment within the limit', () => {
  it('posts at once with the reason and the staff member, audited with the balances', async () => {
    const c = await customer(1000);
    const res = await adjust(t, finance, c.id, { amount: LIMIT, reason: 'Goodwill: cold latte' });
    expect(res.statusCode, res.body).toBe(200);
    const result = resultOf(res);
    expect(result).toMatchObject({ status: 'posted', adjustment: null, balance: 1000 + LIMIT });
    expect(result.entry).toMatchObject({
      customer_id: c.id,
      kind: 'adjustment',
      amount: LIMIT,
      balance_after: 1000 + LIMIT,
      reason: 'Goodwill: cold latte',
      actor_kind: 'staff',
      order_no: null,
    });
    expect(await balanceOf(db(), c.id)).toBe(1000 + LIMIT);
    const [entry] = await auditsOf(t, 'wallet.adjust', c.id);
    expect(entry).toMatchObject({ entity: 'customer', actorUsername: 'finance' });
    expect(entry!.before).toEqual({ balance: 1000 });
    expect(entry!.after).toMatchObject({
      balance: 1000 + LIMIT,
      amount: LIMIT,
      reason: 'Goodwill: cold latte',
      entry_id: result.entry!.id,
    });
  });

  it('debits, but never below zero', async () => {
    const c = await customer(700);
    const taken = await adjust(t, admin, c.id, { amount: -500, reason: 'Duplicate top-up' });
    expect(resultOf(taken)).toMatchObject({ status: 'posted', balance: 200 });
    expectCode(
      await adjust(t, admin, c.id, { amount: -201, reason: 'Duplicate top-up' }),
      409,
      'insufficient_wallet_balance',
    );
    expect(await balanceOf(db(), c.id)).toBe(200);
    expect(await entriesOf(c.id)).toHaveLength(2);
  });

  it('answers a retry with the same Idempotency-Key with the same result, posting once', async () => {
    const c = await customer();
    const key = randomUUID();
    const body = { amount: 300, reason: 'Missing straw' };
    const first = await adjust(t, admin, c.id, body, key);
    const again = await adjust(t, admin, c.id, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Even with the stored answer gone, the key is the entry's: nothing posts twice.
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const third = await adjust(t, admin, c.id, body, key);
    expect(resultOf(third).entry!.id).toBe(resultOf(first).entry!.id);
    const parallel = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => adjust(t, admin, c.id, { amount: 100, reason: 'Parallel' }, parallel)),
    );
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    expect((await entriesOf(c.id)).map((e) => e.amount).sort()).toEqual([100, 300]);
    expect(await balanceOf(db(), c.id)).toBe(400);
    const audited = await auditsOf(t, 'wallet.adjust', c.id);
    expect(audited).toHaveLength(2);
  });
});

describe('an adjustment above the limit', () => {
  it('waits for approval without moving the balance', async () => {
    const c = await customer(100);
    const res = await adjust(t, finance, c.id, { amount: LIMIT + 1, reason: 'Compensation' });
    const result = resultOf(res);
    expect(result).toMatchObject({ status: 'pending_approval', entry: null, balance: 100 });
    expect(result.adjustment).toMatchObject({
      customer_id: c.id,
      amount: LIMIT + 1,
      reason: 'Compensation',
      status: 'pending',
      decided_by: null,
      can_decide: false,
    });
    expect((await entriesOf(c.id)).map((e) => e.kind)).toEqual(['topup']);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'wallet.adjustment_request'),
          eq(auditLog.entityId, result.adjustment!.id),
        ),
      );
    expect(entry?.after).toMatchObject({ customer_id: c.id, amount: LIMIT + 1, limit: LIMIT });
  });

  it('refuses a debit the balance cannot cover already', async () => {
    const c = await customer(LIMIT);
    expectCode(
      await adjust(t, finance, c.id, { amount: -(LIMIT + 1), reason: 'Chargeback' }),
      409,
      'insufficient_wallet_balance',
    );
    expect(
      await db().select().from(walletAdjustments).where(eq(walletAdjustments.customerId, c.id)),
    ).toEqual([]);
  });

  it('is never approved or rejected by the one who asked', async () => {
    const c = await customer();
    const id = await pendingAdjustment(t, finance, c.id, LIMIT * 2);
    for (const action of ['approve', 'reject']) {
      expectCode(
        await api.post(`/api/wallet-adjustments/${id}/${action}`, undefined, finance),
        403,
        'wallet_adjustment_same_approver',
      );
    }
    expect(await balanceOf(db(), c.id)).toBe(0);
  });

  it('posts once when another staff member approves, in the same transaction', async () => {
    const c = await customer();
    const id = await pendingAdjustment(t, finance, c.id, LIMIT * 2);
    const listed = await api.get(`/api/wallet-adjustments?status=pending&customer_id=${c.id}`);
    expect((listed.json().data as WalletAdjustment[]).map((a) => [a.id, a.can_decide])).toEqual([
      [id, true],
    ]);
    const res = await api.post(`/api/wallet-adjustments/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const result = resultOf(res);
    expect(result).toMatchObject({ status: 'posted', balance: LIMIT * 2 });
    expect(result.adjustment).toMatchObject({ status: 'approved', can_decide: false });
    expect(result.adjustment!.decided_by).not.toBeNull();
    const entries = await entriesOf(c.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      idempotencyKey: `adjustment:${id}`,
      amount: LIMIT * 2,
      reason: 'Goodwill for a lost order',
    });
    const [row] = await db().select().from(walletAdjustments).where(eq(walletAdjustments.id, id));
    expect(row).toMatchObject({ status: 'approved', entryId: entries[0]!.id });
    for (const action of ['approve', 'reject']) {
      expectCode(
        await api.post(`/api/wallet-adjustments/${id}/${action}`),
        409,
        'wallet_adjustment_decided',
      );
    }
    expect(await balanceOf(db(), c.id)).toBe(LIMIT * 2);
    const [audited] = await auditsOf(t, 'wallet.adjustment_approve', id);
    expect(audited).toMatchObject({ actorUsername: 'admin' });
    expect(audited!.after).toMatchObject({ status: 'approved', balance: LIMIT * 2 });
  });

  it('approved twice at once posts once', async () => {
    const c = await customer();
    const id = await pendingAdjustment(t, finance, c.id, LIMIT + 10);
    const second = t.bearer((await t.login('admin')).token);
    const answers = await Promise.all([
      api.post(`/api/wallet-adjustments/${id}/approve`),
      api.post(`/api/wallet-adjustments/${id}/approve`, undefined, second),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(c.id)).toHaveLength(1);
    expect(await balanceOf(db(), c.id)).toBe(LIMIT + 10);
  });

  it('posts nothing when rejected', async () => {
    const c = await customer();
    const id = await pendingAdjustment(t, admin, c.id, LIMIT + 1);
    const res = await api.post(`/api/wallet-adjustments/${id}/reject`, undefined, finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'rejected', can_decide: false });
    expect(await entriesOf(c.id)).toEqual([]);
    expectCode(
      await api.post(`/api/wallet-adjustments/${id}/approve`, undefined, finance),
      409,
      'wallet_adjustment_decided',
    );
    const rejected = await api.get(`/api/wallet-adjustments?status=rejected&q=${c.phone}`);
    expect((rejected.json().data as WalletAdjustment[]).map((a) => a.id)).toEqual([id]);
  });
});

describe('access and input', () => {
  it('answers 401 without a token and 403 without the wallet permission', async () => {
    const c = await customer();
    const id = await pendingAdjustment(t, finance, c.id, LIMIT + 1);
    const requests = [
      ['POST', `/api/customers/${c.id}/wallet/adjust`, { amount: 100, reason: 'Test' }],
      ['GET', '/api/wallet-adjustments'],
      ['POST', `/api/wallet-adjustments/${id}/approve`],
      ['POST', `/api/wallet-adjustments/${id}/reject`],
    ] as const;
    const readOnly = await createUser(t, {
      username: 'wallet-reader',
      tenantId,
      permissions: ['read-wallet'],
    });
    const reader = t.bearer((await t.login(readOnly.username)).token);
    for (const [method, url, body] of requests) {
      const headers = { 'idempotency-key': randomUUID() };
      expectCode(
        await api.send(method, url, body, { ...anonymous, ...headers }),
        401,
        'unauthorized',
      );
      expectCode(await api.send(method, url, body, { ...manager, ...headers }), 403, 'forbidden');
      if (method === 'POST') {
        expectCode(await api.send(method, url, body, { ...reader, ...headers }), 403, 'forbidden');
      }
    }
    expect((await api.get('/api/wallet-adjustments', reader)).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's customer or adjustment", async () => {
    expectCode(
      await adjust(t, admin, rivalCustomer, { amount: 100, reason: 'Cross tenant' }),
      404,
      'not_found',
    );
    const [rivalTenant] = await db()
      .select({ tenantId: walletEntries.tenantId })
      .from(walletEntries)
      .where(eq(walletEntries.customerId, rivalCustomer));
    const [foreign] = await db()
      .insert(walletAdjustments)
      .values({
        tenantId: rivalTenant!.tenantId,
        customerId: rivalCustomer,
        amount: 100_000,
        reason: 'Rival request',
        requestedBy: randomUUID(),
        requestedByName: 'Rival staff',
      })
      .returning();
    for (const action of ['approve', 'reject']) {
      expectCode(
        await api.post(`/api/wallet-adjustments/${foreign!.id}/${action}`),
        404,
        'not_found',
      );
    }
    expectCode(await api.post(`/api/wallet-adjustments/${randomUUID()}/approve`), 404, 'not_found');
    const listed = await api.get('/api/wallet-adjustments?page_size=100');
    expect((listed.json().data as WalletAdjustment[]).map((a) => a.id)).not.toContain(foreign!.id);
    expect(await balanceOf(db(), rivalCustomer)).toBe(1000);
  });

  it('answers 400 with a code_message for bad input', async () => {
    const c = await customer();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0, reason: 'Zero' }, 'amount'],
      [{ amount: 1.5, reason: 'Half a sen' }, 'amount'],
      [{ amount: 2_000_000, reason: 'Too much' }, 'amount'],
      [{ amount: 100, reason: 'ab' }, 'reason'],
      [{ amount: 100 }, 'reason'],
    ];
    for (const [body, path] of cases) {
      const res = expectCode(await adjust(t, admin, c.id, body as never), 400, 'validation_failed');
      expect(res.details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
    expectCode(
      await requestAs(t, admin).post(`/api/customers/${c.id}/wallet/adjust`, {
        amount: 100,
        reason: 'No key',
      }),
      400,
      'idempotency_key_required',
    );
    expectCode(
      await adjust(t, admin, 'not-a-uuid', { amount: 1, reason: 'Bad id' }),
      400,
      'validation_failed',
    );
    expectCode(await api.get('/api/wallet-adjustments?status=maybe'), 400, 'validation_failed');
    expectCode(await api.post('/api/wallet-adjustments/42/approve'), 400, 'validation_failed');
    expect(await entriesOf(c.id)).toEqual([]);
  });
});
