import { businessDate, type WalletEntry, type WalletLiability } from '@kopi/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { walletEntries } from '../../db/schema/loyalty';
import { expectCode } from '../../test/expect-code';
import { createTenant, signedInUser } from '../../test/fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { walletCustomer } from '../../test/wallet-fixtures';

// The tenant's liability (what customers' wallets hold) by business day, and the entries' CSV,
// on a tenant of its own whose ledger is written at known moments: Kuala Lumpur time, business
// days cut off at 04:00, so 02:00 belongs to the day before.

let finance: { authorization: string };

const { t, api, as } = useTestApp({ signIn: ['manager'] });
const db = () => t.database.db;
const get = (url: string) => api.get(url, finance);

/** Customers and entries as a ledger holds them, written directly at `at` (UTC). */
async function ledger(tenantId: string) {
  const ids = new Map<string, string>();
  for (const name of ['Aishah', 'Bala', 'Chong', 'Devi']) {
    ids.set(name, (await walletCustomer(db(), tenantId, { name })).id);
  }
  const entries: [string, 'topup' | 'spend' | 'refund', number, number, string][] = [
    ['Chong', 'topup', 1000, 1000, '2026-05-20T02:00:00Z'],
    ['Aishah', 'topup', 5000, 5000, '2026-06-01T04:00:00Z'], // 06-01 12:00
    ['Aishah', 'spend', -1200, 3800, '2026-06-01T18:00:00Z'], // 06-02 02:00: still 06-01
    ['Bala', 'topup', 2000, 2000, '2026-06-02T02:00:00Z'], // 06-02 10:00
    ['Aishah', 'refund', 100, 3900, '2026-06-02T03:00:00Z'], // 06-02 11:00
    ['Aishah', 'spend', -800, 3100, '2026-06-03T01:00:00Z'], // 06-03 09:00
    ['Bala', 'spend', -2000, 0, '2026-06-03T07:00:00Z'], // 06-03 15:00
    ['Devi', 'topup', 500, 500, '2026-06-05T02:00:00Z'], // after the range
  ];
  for (const [name, kind, amount, balanceAfter, at] of entries) {
    await db()
      .insert(walletEntries)
      .values({
        tenantId,
        customerId: ids.get(name)!,
        kind,
        amount,
        balanceAfter,
        idempotencyKey: `liability:${name}:${at}`,
        actorKind: 'system',
        actorName: '=Importer',
        reason: kind === 'refund' ? '+Cold drink' : null,
        createdAt: new Date(at),
      });
    await db()
      .update(customers)
      .set({ walletBalance: balanceAfter })
      .where(eq(customers.id, ids.get(name)!));
  }
}

beforeAll(async () => {
  const { tenant } = await createTenant(t, 'wallet-liability');
  await ledger(tenant.id);
  finance = await signedInUser(t, {
    username: 'wallet-liability-finance',
    tenantId: tenant.id,
    permissions: ['read-wallet'],
  });
});

describe('the liability by day', () => {
  it('sums top-ups and spend per business day and what wallets hold at each day’s end', async () => {
    const res = await get('/api/wallet-liability?from=2026-05-31&to=2026-06-04');
    expect(res.statusCode, res.body).toBe(200);
    const liability = res.json().data as WalletLiability;
    expect(liability.outstanding).toBe(1000 + 3100 + 0 + 500);
    expect(liability.days).toEqual([
      { date: '2026-05-31', topups: 0, spend: 0, outstanding: 1000 },
      { date: '2026-06-01', topups: 5000, spend: 1200, outstanding: 1000 + 3800 },
      { date: '2026-06-02', topups: 2000, spend: 0, outstanding: 1000 + 3900 + 2000 },
      { date: '2026-06-03', topups: 0, spend: 2800, outstanding: 1000 + 3100 },
      { date: '2026-06-04', topups: 0, spend: 0, outstanding: 1000 + 3100 },
    ]);
  });

  it('defaults to the 30 business days up to today, and ends on today’s balance', async () => {
    const liability = (await get('/api/wallet-liability')).json().data as WalletLiability;
    expect(liability.days).toHaveLength(30);
    expect(liability.days.at(-1)).toMatchObject({
      date: businessDate(new Date(), 'Asia/Kuala_Lumpur', 4),
      outstanding: liability.outstanding,
    });
    const from = (await get('/api/wallet-liability?from=2020-01-01')).json()
      .data as WalletLiability;
    expect(from.days).toHaveLength(366);
    expect(from.days[0]!.date).toBe('2020-01-01');
  });

  it('answers 400 for a bad range, 401 and 403 without the permission', async () => {
    for (const query of [
      'from=2026-06-05&to=2026-06-01',
      'from=2025-01-01&to=2026-06-01',
      'to=06/01',
      'from=0000-01-01&to=0000-01-02',
    ]) {
      const res = expectCode(await get(`/api/wallet-liability?${query}`), 400, 'validation_failed');
      expect(res.details?.[0]?.path, query).toBe(query.includes('0000') ? 'from' : 'to');
    }
    expectCode(await api.get('/api/wallet-liability', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/wallet-liability', as.manager), 403, 'forbidden');
  });
});

describe('entries by business day and their export', () => {
  it('filters from/to by business day: 02:00 belongs to the day before', async () => {
    const res = await get('/api/wallet-entries?from=2026-06-01&to=2026-06-01');
    const entries = res.json().data as WalletEntry[];
    expect(entries.map((e) => [e.customer_name, e.amount])).toEqual([
      ['Aishah', -1200],
      ['Aishah', 5000],
    ]);
  });

  it('writes the filtered entries as CSV in the asked language, times in the tenant’s zone', async () => {
    const res = await get('/api/wallet-entries/export?from=2026-06-02&to=2026-06-02&lang=my');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="wallet-entries-\d{8}\.csv"$/,
    );
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Tarikh / masa',
      'Pelanggan',
      'Telefon',
      'Jenis',
      'Jumlah (RM)',
      'Baki selepas (RM)',
      'No. pesanan',
      'Tarikh pesanan',
      'Sebab',
      'Oleh',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[8], r[9]])).toEqual([
      [
        '2026/06/02 11:00:00',
        'Aishah',
        'Bayaran balik',
        '1.00',
        '39.00',
        "'+Cold drink",
        "'=Importer",
      ],
      ['2026/06/02 10:00:00', 'Bala', 'Tambah nilai', '20.00', '20.00', '', "'=Importer"],
    ]);
    const en = parse((await get('/api/wallet-entries/export?kind=spend')).body, {
      bom: true,
    }) as string[][];
    expect(en[0]![3]).toBe('Type');
    expect(en.slice(1).map((r) => [r[3], r[4]])).toEqual([
      ['Spend', '-20.00'],
      ['Spend', '-8.00'],
      ['Spend', '-12.00'],
    ]);
  });
});
