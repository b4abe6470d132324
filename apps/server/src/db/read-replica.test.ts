import { salesReportSchema } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../lib/log-redaction';
import { demoOutletIds } from '../test/catalogue-fixtures';
import { addProduct, cardSale, sell, testClock } from '../test/order-fixtures';
import { createDatabaseTarget, createTestApp, engine } from '../test/test-app';
import { useTestApp } from '../test/use-test-app';
import type { Db } from './database';
import { createReadRouter, isUnreachable, lsnOf } from './read-replica';

// The read router (READ_DATABASE_URL): a replica that cannot be reached leaves every answer as the
// primary gives it, logged once and without the URL's password; a caller's own write keeps their
// next reads on the primary. A real streaming replica: npm run replica-check.

const clock = testClock('2026-06-10T04:00:00Z');
/** Nothing listens on port 9 (discard): every connection is refused at once. */
const CLOSED_PORT_URL = 'postgres://kopi:s3cret-pass@127.0.0.1:9/kopi';

describe('WAL positions and replica errors', () => {
  it('reads "high/low" hex WAL positions as one number', () => {
    expect(lsnOf('0/0')).toBe(0n);
    expect(lsnOf('0/30001B0')).toBe(0x30001b0n);
    // Both halves are hex: 0x16 × 2^32 + 0xB374D848.
    expect(lsnOf('16/B374D848')).toBe(22n * 4294967296n + 3010779208n);
    expect(lsnOf('1/0') > lsnOf('0/FFFFFFFF')).toBe(true);
  });

  it('tells a replica that cannot answer from a query that failed', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isUnreachable(refused)).toBe(true);
    // Drizzle wraps the driver's error; the cause says what happened.
    expect(isUnreachable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('no such db'), { code: '3D000' }))).toBe(true);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isUnreachable(Object.assign(new Error('cancel'), { code: '40001' }))).toBe(false);
  });
});

describe.runIf(engine === 'pglite')('READ_DATABASE_URL on PGlite', () => {
  const lines: string[] = [];
  const { t, api, as } = useTestApp({
    now: clock.now,
    signIn: ['admin'],
    config: { readDatabaseUrl: CLOSED_PORT_URL },
    logger: { ...loggerOptions('warn'), stream: { write: (line: string) => lines.push(line) } },
  });

  it('is ignored with a warning: every read stays on the embedded database', async () => {
    expect(t.reads.enabled).toBe(false);
    expect(lines.filter((l) => l.includes('READ_DATABASE_URL is ignored'))).toHaveLength(1);
    const res = await api.get(
      '/api/reports/sales?group_by=day&from=2026-06-10&to=2026-06-10',
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe.runIf(engine === 'postgres')('a replica that cannot be reached', () => {
  const lines: string[] = [];
  const { t, api, as } = useTestApp({
    now: clock.now,
    signIn: ['admin', 'manager'],
    config: { readDatabaseUrl: CLOSED_PORT_URL },
    logger: { ...loggerOptions('warn'), stream: { write: (line: string) => lines.push(line) } },
  });

  it('leaves reports, the order list and the dashboard answering from the primary', async () => {
    const { kl } = await demoOutletIds(t);
    const coffee = (await addProduct(t, { sku: 'RR-COFFEE', price: 1000 })).id;
    // RM 10.00 and 6% SST: RM 10.60.
    const sale = await sell(t, as.admin, {
      allow_outside_hours: true,
      ...cardSale(kl, coffee, 1060),
    });
    expect(sale.statusCode, sale.body).toBe(201);

    // Read by another user (no write of theirs to wait for), twice: the outage is logged once.
    for (let i = 0; i < 2; i++) {
      const res = await api.get(
        '/api/reports/sales?group_by=day&from=2026-06-10&to=2026-06-10&compare=none',
        as.manager,
      );
      expect(res.statusCode, res.body).toBe(200);
      const report = salesReportSchema.parse(res.json().data);
      expect(report.totals.current.orders).toBe(1);
      expect(report.totals.current.net).toBe(1060);
      expect(report.freshness).toBeUndefined();
    }
    const list = await api.get('/api/orders?from=2026-06-10&to=2026-06-10', as.manager);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((o: { id: string }) => o.id)).toEqual([sale.json().data.id]);
    const dash = await api.get(`/api/dashboard?outlet_id=${kl}`, as.manager);
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json().data.today.net).toBe(1060);

    expect(t.reads.stats().replicaReads).toBe(0);
    const warnings = lines.filter((l) => l.includes('Read replica unavailable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ECONNREFUSED');
    expect(lines.join('\n')).not.toContain('s3cret-pass');
  });
});

describe.runIf(engine === 'postgres')('reads right after a write', () => {
  const { t } = useTestApp({ signIn: [] });
  const log = { warn: () => {}, info: () => {} };

  it('stay on the primary until the replica holds the write, for the writer only', async () => {
    let at = 1_000_000;
    // The primary's own database stands in for a replica: always caught up, so where a read goes
    // is decided only by when the router last probed it and when the caller wrote.
    const reads = createReadRouter({
      primary: t.database,
      replicaUrl: t.target.databaseUrl,
      poolMax: 2,
      log,
      now: () => at,
    });
    const where = async (userId: string) => {
      const { value } = await reads.read({ principal: { userId } }, async (db: Db) =>
        db === t.database.db ? 'primary' : 'replica',
      );
      return value;
    };
    try {
      // The first read probes at 1,000,000: the replica holds everything committed before then.
      expect(await where('writer')).toBe('replica');
      at += 500;
      reads.noteWrite('writer');
      at += 100;
      // Within the probe's 2 s the replica is only known to hold what was committed before it.
      expect(await where('writer')).toBe('primary');
      expect(await where('someone-else')).toBe('replica');
      // A probe after the write (in the background of the next read) finds the replica has it.
      at += 2_000;
      expect(await where('writer')).toBe('primary');
      await vi.waitFor(async () => expect(await where('writer')).toBe('replica'));
    } finally {
      await reads.close();
    }
  });
});

describe.runIf(engine === 'postgres')('a write through the API', () => {
  it("keeps its author's next reads on the primary; a read does not", async () => {
    const target = await createDatabaseTarget();
    // Its own database as the "replica": enables the router without a standby.
    const t = await createTestApp({ target, config: { readDatabaseUrl: target.databaseUrl } });
    try {
      expect(t.reads.enabled).toBe(true);
      const noteWrite = vi.spyOn(t.reads, 'noteWrite');
      const session = await t.login('admin');
      const admin = t.bearer(session.token);
      noteWrite.mockClear();
      const { kl } = await demoOutletIds(t);
      const tea = (await addProduct(t, { sku: 'RR-TEA', price: 500 })).id;
      const sale = await sell(t, admin, { allow_outside_hours: true, ...cardSale(kl, tea, 530) });
      expect(sale.statusCode, sale.body).toBe(201);
      expect(noteWrite.mock.calls).toEqual([[session.id]]);
      const list = await t.inject({ method: 'GET', url: '/api/orders', headers: admin });
      expect(list.statusCode, list.body).toBe(200);
      expect(noteWrite).toHaveBeenCalledTimes(1);
    } finally {
      await t.close();
      await target.drop();
    }
  });
});
