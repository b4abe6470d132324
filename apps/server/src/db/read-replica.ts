import type { ReadFreshness } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { createReadPool, type Database, type Db, type ReadPool, rowsOf } from './database';

// Reads that may be a little behind (reports, the dashboard's last week, the order list and its
// export) go to a PostgreSQL streaming replica when READ_DATABASE_URL is set; everything else,
// and a caller's reads right after their own write, stay on the primary.
//
// How fresh the replica is: a probe notes the primary's WAL position, then asks the replica
// whether it has replayed up to it. If so, the replica holds everything committed before the
// probe began: that moment is its "as of". Comparing positions rather than
// `now() - pg_last_xact_replay_timestamp()` keeps an idle primary (nothing to replay) from
// looking like a lagging replica.

/** Past this, an answer from the replica says how far behind it was. */
export const FRESHNESS_NOTE_AFTER_MS = 5_000;
/** Past this, the replica is not used at all: a stuck replica must not serve yesterday's figures. */
export const REPLICA_MAX_LAG_MS = 300_000;
/** How long a probe's answer is trusted. */
const PROBE_EVERY_MS = 2_000;
/** After a failure, the replica is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 10_000;
/** A caller's write is remembered this long; older writes are on any replica worth reading. */
const WRITE_MEMORY_MS = REPLICA_MAX_LAG_MS;

/** Who is reading: their own recent writes must show. Null for reads outside a request. */
export type Reader = { principal: { userId: string } } | null;

export interface ReadRouter {
  /**
   * Runs `read` on the replica when it may serve this caller, else on the primary. A replica that
   * fails mid-read (down, or a query cancelled by replay) has the read run again on the primary.
   * `freshness` is set when the answer came from a replica more than a few seconds behind.
   */
  read<T>(
    reader: Reader,
    read: (db: Db) => Promise<T>,
  ): Promise<{ value: T; freshness: ReadFreshness | undefined }>;
  /** A request by this user changed something: their next reads must see it. */
  noteWrite(userId: string): void;
  readonly enabled: boolean;
  /** Counts since start (tests and the replica check read them). */
  stats(): { replicaReads: number; primaryReads: number; fallbacks: number };
  close(): Promise<void>;
}

export interface ReadRouterOptions {
  primary: Database;
  replicaUrl: string | undefined;
  poolMax: number;
  log: { warn(msg: string): void; info(msg: string): void };
  /**
   * Tests only: each replica read first waits until the replica has replayed what the primary had
   * committed when the read began (else it reads the primary), so a suite that writes as one user
   * and reads as another gets the same answers from a replica as from the primary.
   */
  waitForReplay?: boolean;
  connectTimeoutMs?: number;
  now?: () => number;
}

/** Every read on `db`: no replica set, PGlite, or a service built outside the app (scripts). */
export function readsFromPrimary(db: Db): ReadRouter {
  const counts = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };
  return {
    read: async (_reader, read) => {
      counts.primaryReads++;
      return { value: await read(db), freshness: undefined };
    },
    noteWrite: () => {},
    enabled: false,
    stats: () => ({ ...counts }),
    close: async () => {},
  };
}

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const { primary, log } = options;
  if (!options.replicaUrl) return readsFromPrimary(primary.db);
  if (primary.kind === 'pglite') {
    log.warn('READ_DATABASE_URL is ignored: the embedded PGlite database has no replicas');
    return readsFromPrimary(primary.db);
  }
  const counts = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };
  const onPrimary = async <T>(read: (db: Db) => Promise<T>) => {
    counts.primaryReads++;
    return { value: await read(primary.db), freshness: undefined };
  };

  const now = options.now ?? Date.now;
  const replica: ReadPool = createReadPool(
    options.replicaUrl,
    options.poolMax,
    options.connectTimeoutMs,
  );
  const lastWrite = new Map<string, number>();
  let downUntil = 0;
  let outage = false;
  /** The latest moment the replica is known to hold everything committed before. */
  let asOf = 0;
  let probedAt = -Infinity;
  let probing: Promise<void> | null = null;

  const primaryLsn = async () =>
    lsnOf(
      rowsOf<{ lsn: string }>(
        await primary.db.execute(sql`select pg_current_wal_lsn()::text as lsn`),
      )[0]!.lsn,
    );
  /** How far the replica has replayed; null for a server not in recovery (it has everything). */
  const replayed = async () => {
    const [row] = await replica.query<{ lsn: string | null }>(
      'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn',
    );
    return row?.lsn == null ? null : lsnOf(row.lsn);
  };
  const replayedUpTo = async (lsn: bigint) => {
    const at = await replayed();
    return at === null || at >= lsn;
  };
  /** Recent probes: when each began and where the primary's WAL stood then. */
  const marks: { at: number; lsn: bigint }[] = [];

  const markDown = (error: unknown) => {
    downUntil = now() + RETRY_AFTER_MS;
    probedAt = -Infinity;
    if (outage) return;
    outage = true;
    // The error's code and message only: never the URL, which may hold a password.
    const e = rootOf(error);
    log.warn(
      `Read replica unavailable (${e.code ?? 'no code'}: ${e.message ?? 'unknown'}); reads go to the primary and the replica is tried again every ${RETRY_AFTER_MS / 1000} s`,
    );
  };
  const markUp = () => {
    if (!outage) return;
    outage = false;
    log.info('Read replica is back; reads go to it again');
  };

  const probe = async () => {
    const started = now();
    marks.push({ at: started, lsn: await primaryLsn() });
    try {
      let at = await replayed();
      // Streaming is a few ms behind a busy primary: one more look before settling for an
      // earlier probe's mark (which such a replica passes).
      if (at !== null && at < marks[marks.length - 1]!.lsn) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        at = await replayed();
      }
      const passed = marks.filter((m) => at === null || m.lsn <= at);
      if (passed.length > 0) asOf = Math.max(asOf, passed[passed.length - 1]!.at);
      const keepFrom = started - REPLICA_MAX_LAG_MS;
      while (marks.length > 1 && (marks[0]!.at < keepFrom || marks[1]!.at <= asOf)) marks.shift();
      probedAt = started;
      markUp();
    } catch (error) {
      markDown(error);
      throw error;
    }
  };
  /**
   * Probes at most every PROBE_EVERY_MS, in the background once the replica's state is known (a
   * read does not wait for it); false when the replica cannot be used now.
   */
  const replicaUsable = async (): Promise<boolean> => {
    if (now() < downUntil) return false;
    if (now() - probedAt >= PROBE_EVERY_MS) {
      const unknown = probedAt === -Infinity;
      probing ??= probe().finally(() => {
        probing = null;
      });
      if (unknown) {
        try {
          await probing;
        } catch (error) {
          if (!isUnreachable(error)) throw error;
          return false;
        }
      } else {
        // Its failure has marked the replica down (or the primary is failing the request anyway).
        probing.catch(() => {});
      }
    }
    return now() - asOf <= REPLICA_MAX_LAG_MS;
  };

  /** Waits (briefly) until the replica has replayed everything committed before this call. */
  const caughtUpNow = async () => {
    const lsn = await primaryLsn();
    for (let waited = 0; waited < 5_000; waited += 10) {
      if (await replayedUpTo(lsn)) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  };

  const freshnessAt = (servedAsOf: number): ReadFreshness | undefined => {
    const lagMs = now() - servedAsOf;
    if (lagMs <= FRESHNESS_NOTE_AFTER_MS) return undefined;
    return { as_of: new Date(servedAsOf).toISOString(), lag_seconds: Math.round(lagMs / 1000) };
  };

  return {
    enabled: true,
    async read(reader, read) {
      let usable: boolean;
      let servedAsOf = asOf;
      try {
        usable = await replicaUsable();
        servedAsOf = asOf;
        if (usable && options.waitForReplay) {
          servedAsOf = now();
          usable = await caughtUpNow();
        }
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        markDown(error);
        usable = false;
      }
      const wrote = reader ? lastWrite.get(reader.principal.userId) : undefined;
      // Read-your-writes: the replica must hold what this caller last changed.
      if (!usable || (wrote !== undefined && servedAsOf < wrote)) return onPrimary(read);
      try {
        const value = await read(replica.db);
        counts.replicaReads++;
        return { value, freshness: freshnessAt(servedAsOf) };
      } catch (error) {
        if (isUnreachable(error)) markDown(error);
        else if (!isReplayConflict(error)) throw error;
        counts.fallbacks++;
        return onPrimary(read);
      }
    },
    noteWrite(userId) {
      const at = now();
      lastWrite.set(userId, at);
      // Bounded: forget writes any usable replica already holds.
      if (lastWrite.size > 10_000) {
        for (const [user, when] of lastWrite)
          if (at - when > WRITE_MEMORY_MS) lastWrite.delete(user);
      }
    },
    stats: () => ({ ...counts }),
    close: () => replica.close(),
  };
}

/** A WAL position, "16/B374D848", as a number. */
export function lsnOf(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface PgLikeError {
  code?: string;
  message?: string;
  cause?: unknown;
}

/** Drizzle wraps a driver's error in its own; the driver's is what says what went wrong. */
function rootOf(error: unknown): PgLikeError {
  let e = error as PgLikeError;
  while (e && typeof e === 'object' && e.cause && typeof e.cause === 'object' && !e.code) {
    e = e.cause as PgLikeError;
  }
  return e ?? {};
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The replica cannot answer: no connection, a lost one, a server shutting down or starting
 * (class 08, 57P01–57P03), or a database it has not replayed yet (3D000).
 */
export function isUnreachable(error: unknown): boolean {
  const e = rootOf(error);
  const code = e.code ?? '';
  if (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
  if (code === '3D000') return true;
  return /timeout exceeded when trying to connect|Connection terminated/i.test(e.message ?? '');
}

/** A standby cancels a query whose rows replay has to remove; the primary can answer it. */
function isReplayConflict(error: unknown): boolean {
  const e = rootOf(error);
  return e.code === '40001' && /conflict with recovery/i.test(e.message ?? '');
}
