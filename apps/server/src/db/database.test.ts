import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import journal from '../../drizzle/meta/_journal.json' with { type: 'json' };
import { createPasswordHasher } from '../lib/password';
import {
  createDatabaseTarget,
  createTestApp,
  engine,
  requestAs,
  testHashing,
  withDatabase,
} from '../test/test-app';
import { createDatabase, type Database, rowsOf, runMigrations } from './database';
import { menuItems, permissions, users } from './schema/access';
import { tenants } from './schema/tenancy';
import { prepareDatabase } from './setup';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-db-test-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const silent = { warn: () => {}, info: () => {} };
const hasher = createPasswordHasher(testHashing);

async function tableCount(database: Database) {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    ),
  );
  return row!.n;
}

// Each test migrates or reopens a database of its own: minutes, not seconds, on a busy machine.
describe(`migrations (${engine})`, { timeout: 180_000 }, () => {
  it('apply on an empty database and again without change', async () => {
    await withDatabase(async (database) => {
      await runMigrations(database);
      const tables = await tableCount(database);
      expect(tables).toBeGreaterThanOrEqual(19);
      await runMigrations(database);
      expect(await tableCount(database)).toBe(tables);
      const applied = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied[0]!.n).toBe(journal.entries.length);
    });
  });

  it('seed reference data idempotently and the demo only into an empty database', async () => {
    await withDatabase(async (database) => {
      const first = await prepareDatabase(database, { seedDemo: true, hasher, log: silent });
      expect(first.demoSeeded).toBe(true);
      const counts = async () => ({
        permissions: (await database.db.select({ n: count() }).from(permissions))[0]!.n,
        menu: (await database.db.select({ n: count() }).from(menuItems))[0]!.n,
        users: (await database.db.select({ n: count() }).from(users))[0]!.n,
      });
      const before = await counts();
      expect(before.users).toBe(6);
      const second = await prepareDatabase(database, { seedDemo: true, hasher, log: silent });
      expect(second.demoSeeded).toBe(false);
      expect(await counts()).toEqual(before);
    });
  });

  it('add no demo data when SEED_DEMO is off, but still the reference data', async () => {
    await withDatabase(async (database) => {
      const warnings: string[] = [];
      await prepareDatabase(database, {
        seedDemo: false,
        hasher,
        log: { warn: (m) => warnings.push(m), info: () => {} },
      });
      expect((await database.db.select({ n: count() }).from(users))[0]!.n).toBe(0);
      expect((await database.db.select({ n: count() }).from(menuItems))[0]!.n).toBeGreaterThan(20);
      expect(warnings).toEqual([]);
    });
  });
});

describe('restart', { timeout: 180_000 }, () => {
  it(`keeps data and sessions across a restart (${engine})`, async () => {
    const target = await createDatabaseTarget({ dataDir: tempDir() });
    try {
      const first = await createTestApp({ target });
      const session = await first.login('cashier');
      const res = await requestAs(first, first.bearer(session.token)).put(
        `/api/registrationdata/${session.id}`,
        { fullname: 'Written before restart' },
      );
      expect(res.statusCode).toBe(200);
      await first.close();

      const second = await createTestApp({ target });
      try {
        // Same signing key and session rows: the old access token still works.
        const list = await requestAs(second, second.bearer(session.token)).get('/api/notification');
        expect(list.statusCode).toBe(200);
        const again = await second.login('cashier');
        expect(again.fullname).toBe('Written before restart');
        expect((await second.database.db.select({ n: count() }).from(users))[0]!.n).toBe(6);
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('keeps an embedded PGlite folder across close and reopen, one process at a time', async () => {
    const dataDir = tempDir();
    const first = await createDatabase({ dataDir });
    await runMigrations(first);
    await first.db.insert(tenants).values({ name: 'Persisted Kopi', slug: 'persisted' });
    await expect(createDatabase({ dataDir })).rejects.toThrow(/already open|in use/);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await createDatabase({ dataDir });
    try {
      const rows = await second.db.select().from(tenants).where(eq(tenants.slug, 'persisted'));
      expect(rows[0]?.name).toBe('Persisted Kopi');
    } finally {
      await second.close();
    }
  });

  it('refuses a folder locked by another live process', async () => {
    const dataDir = tempDir();
    // pid 1 is always alive and never us.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '1');
    await expect(createDatabase({ dataDir })).rejects.toThrow(/in use by process 1/);
    // A lock left by a dead process is taken over.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '999999999');
    const database = await createDatabase({ dataDir });
    await database.close();
  });
});
