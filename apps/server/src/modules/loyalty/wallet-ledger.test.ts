import { randomUUID } from 'node:crypto';
import { codedReason, type WalletEntry } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import type { Reason } from '../../lib/coded-reason';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createTenant, signedInUser } from '../../test/fixtures';
import { addProduct, cardSale, demoTenantId, sell } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { balanceOf, fund, walletCustomer } from '../../test/wallet-fixtures';
import { appendWalletEntry } from './ledgers.repo';
import { postPoints, postWallet } from './ledgers.service';
import { entriesInChunks } from './wallet.repo';

// The wallet ledger as staff read it: a customer's ledger with order numbers, every entry with
// filters and its CSV, and entries the database itself refuses to edit or delete.

let tenantId: string;
let rivalCustomer: string;

const { t, api, as } = useTestApp({ signIn: ['admin', 'finance', 'manager'], api: 'finance' });
const { admin, manager } = as;
const db = () => t.database.db;
const items = (res: { json(): unknown }) => (res.json() as { data: WalletEntry[] }).data;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const rival = await createTenant(t, 'wallet-ledger-rival');
  rivalCustomer = (await walletCustomer(db(), rival.tenant.id, { balance: 900 })).id;
});

/** A card sale at KL01 and a wallet spend naming it. */
async function spendOnOrder(customerId: string, amount: number) {
  const { kl } = await demoOutletIds(t);
  const product = await addProduct(t, { sku: `WL-${randomUUID().slice(0, 8)}`, price: 1000 });
  const sale = await sell(t, admin, {
    ...cardSale(kl, product.id, 1060),
    allow_outside_hours: true,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const order = sale.json().data as { id: string; order_no: string; business_date: string };
  await db().transaction((tx) =>
    postWallet(tx, {
      tenantId,
      customerId,
      kind: 'spend',
      amount: -amount,
      idempotencyKey: `order:${order.id}:spend`,
      orderId: order.id,
      actor: { kind: 'system', name: 'Test' },
    }),
  );
  return order;
}

describe("a customer's ledger", () => {
  it('lists the entries newest first with the order number, each with its balance after', async () => {
    const c = await walletCustomer(db(), tenantId, { name: 'Ledger Lim', balance: 5000 });
    const order = await spendOnOrder(c.id, 1060);
    await fund(db(), tenantId, c.id, 200);
    const res = await api.get(`/api/customers/${c.id}/wallet`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, page_size: 10, total: 3 });
    expect(items(res).map((e) => [e.kind, e.amount, e.balance_after, e.order_no])).toEqual([
      ['topup', 200, 4140, null],
      ['spend', -1060, 3940, order.order_no],
      ['topup', 5000, 5000, null],
    ]);
    expect(items(res)[1]).toMatchObject({
      order_id: order.id,
      order_date: order.business_date,
      actor_kind: 'system',
    });
    expect(items(res)[0]).toMatchObject({ order_no: null, order_date: null });
    const page = await api.get(`/api/customers/${c.id}/wallet?page=2&page_size=5`);
    expect(page.json()).toMatchObject({ data: [], meta: { page: 2, total: 3 } });
  });

  it('says why: the system’s reasons as a code and parameters, a staff member’s as typed', async () => {
    const c = await walletCustomer(db(), tenantId, { name: 'Ledger Reasons' });
    const post = (reason: Reason, amount: number, key: string) =>
      db().transaction((tx) =>
        postWallet(tx, {
          tenantId,
          customerId: c.id,
          kind: typeof reason === 'string' ? 'adjustment' : 'topup',
          amount,
          idempotencyKey: `${key}:${c.id}`,
          reason,
          actor: { kind: 'staff', id: randomUUID(), name: 'Finance Fatimah' },
        }),
      );
    await post(codedReason('counter_topup', { receipt_no: 'KL01-T0007' }), 5000, 'topup');
    await post('Goodwill: drink remade', 300, 'goodwill');
    const res = await api.get(`/api/customers/${c.id}/wallet`);
    expect(items(res).map((e) => [e.reason, e.reason_code, e.reason_params])).toEqual([
      ['Goodwill: drink remade', null, null],
      [null, 'counter_topup', { receipt_no: 'KL01-T0007' }],
    ]);
    const across = await api.get(`/api/wallet-entries?customer_id=${c.id}`);
    expect(items(across).map((e) => e.reason_code)).toEqual([null, 'counter_topup']);

    // The file says them in words, in the language asked for (English by default).
    const reasonsIn = async (lang: string) => {
      const csv = await api.get(`/api/wallet-entries/export?customer_id=${c.id}${lang}`);
      expect(csv.statusCode, csv.body).toBe(200);
      return csv.body;
    };
    const malay = await reasonsIn('&lang=my');
    expect(malay).toContain('Tambah nilai kaunter KL01-T0007');
    expect(malay).toContain('Goodwill: drink remade');
    expect(malay).not.toContain('counter_topup');
    expect(await reasonsIn('')).toContain('Counter top-up KL01-T0007');
  });

  it("answers 401 without a token, 403 without read-wallet, 404 for another tenant's customer", async () => {
    const c = await walletCustomer(db(), tenantId);
    expectCode(await api.get(`/api/customers/${c.id}/wallet`, anonymous), 401, 'unauthorized');
    expectCode(await api.get(`/api/customers/${c.id}/wallet`, manager), 403, 'forbidden');
    expectCode(await api.get(`/api/customers/${rivalCustomer}/wallet`), 404, 'not_found');
    expectCode(await api.get(`/api/customers/${randomUUID()}/wallet`), 404, 'not_found');
    for (const query of ['page_size=7', 'from=yesterday', 'sort=balance']) {
      expectCode(await api.get(`/api/customers/${c.id}/wallet?${query}`), 400, 'validation_failed');
    }
  });
});

describe('every entry across customers', () => {
  it('filters by kind, customer, name or phone, and sorts', async () => {
    const a = await walletCustomer(db(), tenantId, { name: 'Filter Farah', balance: 3000 });
    const b = await walletCustomer(db(), tenantId, { name: 'Filter Bala', balance: 1000 });
    await spendOnOrder(a.id, 500);
    const byName = items(await api.get('/api/wallet-entries?q=filter%20farah&page_size=100'));
    expect(byName.map((e) => [e.customer_name, e.kind, e.amount])).toEqual([
      ['Filter Farah', 'spend', -500],
      ['Filter Farah', 'topup', 3000],
    ]);
    expect(byName[0]!.customer_phone).toBe(a.phone);
    const byPhone = items(await api.get(`/api/wallet-entries?q=${encodeURIComponent(b.phone)}`));
    expect(byPhone.map((e) => e.customer_id)).toEqual([b.id]);
    const spends = items(await api.get(`/api/wallet-entries?kind=spend&customer_id=${a.id}`));
    expect(spends.map((e) => e.amount)).toEqual([-500]);
    const sorted = items(await api.get('/api/wallet-entries?q=filter&sort=-amount'));
    expect(sorted.map((e) => e.amount)).toEqual([3000, 1000, -500]);
    expect(
      items(await api.get('/api/wallet-entries?page_size=100')).map((e) => e.customer_id),
    ).not.toContain(rivalCustomer);
  });

  it('answers 401, 403 and 400 with a code_message', async () => {
    for (const url of ['/api/wallet-entries', '/api/wallet-entries/export']) {
      expectCode(await api.get(url, anonymous), 401, 'unauthorized');
      expectCode(await api.get(url, manager), 403, 'forbidden');
      for (const query of [
        'kind=gift',
        'customer_id=42',
        'to=2026-13-01',
        'from=0000-01-01',
        'sort=name',
      ]) {
        expectCode(await api.get(`${url}?${query}`), 400, 'validation_failed');
      }
    }
    expectCode(await api.get('/api/wallet-entries/export?lang=fr'), 400, 'validation_failed');
  });
});

describe('the CSV export, read in chunks', () => {
  it('writes every entry once in the list order, across chunk edges and ties', async () => {
    const c = await walletCustomer(db(), tenantId, { name: 'Chunk Chua', balance: 0 });
    // Seven entries at the same instant and of the same amount: only the id orders them, so a
    // chunk edge falling among them must neither skip nor repeat one.
    const at = new Date('2026-06-03T02:00:00.123Z');
    // Written as the ledger writes them, with the instant fixed (postWallet takes the clock's).
    await db().transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        await appendWalletEntry(tx, {
          tenantId,
          customerId: c.id,
          kind: 'topup',
          amount: 500,
          balanceAfter: 500 * (i + 1),
          idempotencyKey: `chunk:${c.id}:${i}`,
          actorKind: 'system',
          actorName: 'Test',
          createdAt: at,
        });
      }
    });
    await fund(db(), tenantId, c.id, 200);
    // The order written out: the sort column, then the id (PostgreSQL orders uuids as their hex
    // text), ascending or reversed; read from the raw rows with the instant to the microsecond.
    const raw = rowsOf<{ id: string; micros: string; amount: number }>(
      await db().execute(sql`
        select id::text, (extract(epoch from created_at) * 1000000)::bigint::text as micros, amount
        from wallet_entries where customer_id = ${c.id}::uuid`),
    );
    const ordered = (key: 'created' | 'amount', desc: boolean) =>
      [...raw]
        .sort((a, b) => {
          const byKey =
            key === 'created' ? Number(BigInt(a.micros) - BigInt(b.micros)) : a.amount - b.amount;
          const cmp = byKey !== 0 ? Math.sign(byKey) : a.id < b.id ? -1 : 1;
          return desc ? -cmp : cmp;
        })
        .map((r) => r.id);
    const listed = (sort: string) =>
      api
        .get(`/api/wallet-entries?customer_id=${c.id}&page_size=100&sort=${sort}`)
        .then((res) => items(res).map((e) => e.id));
    const clock = { timezone: 'Asia/Kuala_Lumpur', cutoffHour: 4 };
    for (const [sort, key, desc] of [
      ['-created', 'created', true],
      ['created', 'created', false],
      ['-amount', 'amount', true],
      ['amount', 'amount', false],
    ] as const) {
      const expected = ordered(key, desc);
      expect(await listed(sort)).toEqual(expected);
      expect(expected).toHaveLength(8);
      for (const chunkSize of [1, 2, 3, 8, 9]) {
        const written: string[] = [];
        const query = { filter: { customerId: c.id }, clock, sort: { key, desc } };
        for await (const chunk of entriesInChunks(db(), tenantId, query, chunkSize)) {
          expect(chunk.length).toBeLessThanOrEqual(chunkSize);
          written.push(...chunk.map((r) => r.entry.id));
        }
        expect(written, `${sort} by ${chunkSize}`).toEqual(expected);
      }
    }
    const csv = await api.get(`/api/wallet-entries/export?customer_id=${c.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The header line after the BOM, then one line per entry.
    const lines = csv.body.trim().split('\n');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines).toHaveLength(1 + 8);
  });
});

describe('the ledgers are append-only', () => {
  it('refuses a raw UPDATE or DELETE of a wallet or points entry in the database', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: 800 });
    await db().transaction((tx) =>
      postPoints(tx, {
        tenantId,
        customerId: c.id,
        kind: 'adjustment',
        points: 40,
        idempotencyKey: `test-points:${c.id}`,
        actor: { kind: 'system', name: 'Test' },
      }),
    );
    const [wallet] = await db()
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.customerId, c.id));
    const [points] = await db()
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.customerId, c.id));
    const refused = expect.objectContaining({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    });
    /** The database refuses the write: the ledgers are append-only. */
    const expectRefused = (write: Promise<unknown>) => expect(write).rejects.toMatchObject(refused);
    const walletRow = eq(walletEntries.id, wallet!.id);
    const pointsRow = eq(pointsEntries.id, points!.id);
    await expectRefused(db().update(walletEntries).set({ amount: 1 }).where(walletRow));
    await expectRefused(db().delete(walletEntries).where(walletRow));
    await expectRefused(db().update(pointsEntries).set({ points: 1 }).where(pointsRow));
    await expectRefused(db().delete(pointsEntries).where(pointsRow));
    await expectRefused(db().execute(sql`delete from wallet_entries`));
    await expectRefused(db().execute(sql`update points_entries set points = 0`));
    const [still] = await db().select().from(walletEntries).where(eq(walletEntries.id, wallet!.id));
    expect(still).toEqual(wallet);
    expect(await balanceOf(db(), c.id)).toBe(800);
    const writes = t.routes.filter(
      (r) => /wallet-entries/.test(r.url) && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });
});

describe('in another tenant, with its own staff', () => {
  it('reads only its own entries', async () => {
    const rival = await createTenant(t, 'wallet-ledger-own');
    await walletCustomer(db(), rival.tenant.id, { name: 'Own Omar', balance: 100 });
    const own = await signedInUser(t, {
      username: 'wallet-ledger-own-finance',
      tenantId: rival.tenant.id,
      permissions: ['read-wallet'],
    });
    const listed = items(await api.get('/api/wallet-entries?page_size=100', own));
    expect(listed.map((e) => e.customer_name)).toEqual(['Own Omar']);
  });
});
