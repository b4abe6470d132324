import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as access from './schema/access';
import * as appFeatures from './schema/app-features';
import * as banners from './schema/banners';
import * as catalogue from './schema/catalogue';
import * as contentTexts from './schema/content-texts';
import * as customers from './schema/customers';
import * as jobs from './schema/jobs';
import * as live from './schema/live';
import * as loyalty from './schema/loyalty';
import * as membershipTiers from './schema/membership-tiers';
import * as orders from './schema/orders';
import * as payments from './schema/payments';
import * as platform from './schema/platform';
import * as refunds from './schema/refunds';
import * as reports from './schema/reports';
import * as shifts from './schema/shifts';
import * as tenancy from './schema/tenancy';
import * as vouchers from './schema/vouchers';

// One schema, one set of migrations, two engines: embedded PGlite (a folder on disk) by default,
// a PostgreSQL server when DATABASE_URL is set (DESIGN §2).

// The schema is split by domain (db/schema/*.ts); the drivers get all of it.
const schema = {
  ...tenancy,
  ...access,
  ...platform,
  ...catalogue,
  ...orders,
  ...customers,
  ...loyalty,
  ...membershipTiers,
  ...payments,
  ...refunds,
  ...reports,
  ...live,
  ...shifts,
  ...contentTexts,
  ...appFeatures,
  ...banners,
  ...vouchers,
  ...jobs,
};

/** Both drivers share PostgreSQL's query builder; code is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `SELECT 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel; `onNotify` gets each payload. On PostgreSQL a dedicated connection that
   * reconnects by itself, so a restarted database server does not silently stop live events;
   * NOTIFYs sent while it was away are lost, so `onReconnect` runs once it listens again (the
   * caller re-reads what it missed). Returns a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `onNotify` for each NOTIFY on CACHE_CHANNEL, committed by any instance, and with '*'
   * when a lost listener is back (what it missed is unknown). A change committed through this
   * instance has called `onNotify` before the statement or COMMIT that made it resolves: every
   * pool connection listens too and PostgreSQL sends a session its own notifications ahead of
   * ReadyForQuery; PGlite calls listeners before its answer resolves. In-memory caches rely on it.
   */
  watchCaches(onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, for `loadDataDir`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** What in-memory caches hear on: the payload names the cache (migration 0015). */
export const CACHE_CHANNEL = 'kopi_cache';

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  poolMax?: number;
  /** PGlite only: start from this dump (`dumpDataDir`) of a prepared database instead of initdb. */
  loadDataDir?: Blob;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.poolMax ?? 10);
  return createPglite(options.dataDir, options.loadDataDir);
}

async function createPostgres(url: string, poolMax: number): Promise<Database> {
  const cacheWatchers = new Set<(payload: string) => void>();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // Every connection listens for cache invalidations before the pool hands it out (awaited, so
    // no query is queued behind another on one client).
    onConnect: async (client) => {
      client.on('notification', (n) => {
        if (n.channel !== CACHE_CHANNEL) return;
        for (const watcher of cacheWatchers) watcher(n.payload ?? '*');
      });
      await client.query(`listen ${CACHE_CHANNEL}`);
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify, onReconnect) => listenPostgres(url, channel, onNotify, onReconnect),
    watchCaches: async (onNotify) => {
      cacheWatchers.add(onNotify);
      // The pool's connections close when idle: a dedicated listener hears the other instances.
      const stop = await listenPostgres(url, CACHE_CHANNEL, onNotify, () => onNotify('*'));
      return async () => {
        cacheWatchers.delete(onNotify);
        await stop();
      };
    },
    close: () => pool.end(),
  };
}

/** A pool on a read replica (READ_DATABASE_URL): the Db the read router hands to reads. */
export interface ReadPool {
  db: Db;
  /** Runs one raw statement (the router's lag probe). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * Connections give up after `connectTimeoutMs` so a replica that is down costs a read that long
 * once, not a hang; every session is read-only, so a replica URL pointed at a primary by mistake
 * cannot write.
 */
export function createReadPool(url: string, poolMax: number, connectTimeoutMs = 2000): ReadPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'kopi-read',
    options: '-c default_transaction_read_only=on',
  });
  pool.on('error', () => {});
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    query: async (text, values) => (await pool.query(text, values)).rows,
    close: () => pool.end(),
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  const connect = async () => {
    // Named, so an operator (or a test) can tell the listener from the pool's connections.
    const c = new pg.Client({ connectionString: url, application_name: 'kopi-live-listener' });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onNotify(n.payload);
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  // Retries every second until it listens again (a failed attempt schedules the next one).
  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(() => {
        if (!stopped) onReconnect?.();
      }, scheduleRetry);
    }, 1000);
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.end().catch(() => {});
    scheduleRetry();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  let releaseLock = () => {};
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = path.join(dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
    releaseLock = acquireFolderLock(dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm: the order list's text search index (migration 0011).
    client = new PGlite(target, {
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, onNotify) => listenPglite(client, channel, onNotify),
    watchCaches: (onNotify) => listenPglite(client, CACHE_CHANNEL, onNotify),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

async function listenPglite(client: PGlite, channel: string, onNotify: (payload: string) => void) {
  const unsubscribe = await client.listen(channel, onNotify);
  return async () => {
    // PGlite refuses calls after close; stopping then is a no-op.
    if (!client.closed) await unsubscribe();
  };
}

/**
 * PGlite is single-process: two processes opening one folder would corrupt it. A lock file with
 * the owner's pid turns that mistake (e.g. `db:migrate` while the server runs) into a clear error.
 */
const heldByThisProcess = new Set<string>();

function acquireFolderLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  if (heldByThisProcess.has(lockFile)) {
    throw new Error(`The database folder ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldByThisProcess.add(lockFile);
      return () => {
        heldByThisProcess.delete(lockFile);
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database folder ${dataDir} is in use by process ${owner}. Stop it first, or set DATABASE_URL to use a PostgreSQL server.`,
          { cause: error },
        );
      }
      // Left behind by a process that is gone (or by ourselves): take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies the committed migrations; already applied ones are skipped, so it is safe to repeat. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // Several instances may start at once against one server: serialise them on an advisory lock
  // held by a dedicated connection for the duration of the migration.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7460001)');
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7460001)').catch(() => {});
    lockClient.release();
  }
}

/** Reads the rows of a raw `db.execute(...)` answer; both drivers expose them as `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
