import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionData } from '@kopi/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { type Config, loadConfig } from '../config';
import { createDatabase, type Database, runMigrations } from '../db/database';
import type { ReadRouter } from '../db/read-replica';
import { DEMO_PASSWORD } from '../db/seed-data';
import type { RouteAccess } from '../lib/access';
import type { PrincipalCache } from '../lib/principal-cache';

// Integration-test harness. One switch picks the engine: with TEST_DATABASE_URL set (e.g.
// postgres://postgres@127.0.0.1:5432/test) each test file gets its own fresh PostgreSQL database,
// created here and dropped on close; without it, a fresh in-memory PGlite.

/** Cheap argon2 for tests only; production parameters live in config.ts and cannot be lowered by env. */
export const testHashing = { memoryCost: 256, timeCost: 1 };

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const engine: 'pglite' | 'postgres' = testDatabaseUrl ? 'postgres' : 'pglite';
/**
 * A streaming replica of TEST_DATABASE_URL's server (npm run replica-check): each test database
 * is read there too, by its own name, with replica reads waiting for replay (config.ts).
 */
export const testReadDatabaseUrl = process.env.TEST_READ_DATABASE_URL || undefined;
/** Where each test app leaves its read counts, for the replica check to add up. */
const REPLICA_STATS_DIR = process.env.KOPI_REPLICA_STATS_DIR || undefined;

/** The replica's URL for a test database: the same database name on the replica's server. */
function replicaUrlOf(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl || !testReadDatabaseUrl) return undefined;
  const url = new URL(testReadDatabaseUrl);
  url.pathname = new URL(databaseUrl).pathname;
  return url.toString();
}

/**
 * Set by global-setup.ts: the prepared database test apps start from (a PGlite dump file, or a
 * PostgreSQL template database's name). Unset outside Vitest, where everything starts fresh.
 */
export const TEMPLATE_ENV = 'KOPI_TEST_DB_TEMPLATE';
let pgliteTemplate: Blob | undefined;

/** The prepared database of this run, read once per process; undefined when there is none. */
function preparedTemplate(): { pglite?: Blob; postgres?: string } | undefined {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return undefined;
  if (testDatabaseUrl) return { postgres: template };
  pgliteTemplate ??= new Blob([fs.readFileSync(template)]);
  return { pglite: pgliteTemplate };
}

export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * Runs `fn` on a fresh database of the chosen engine (migrated when asked), then closes and drops
 * it: for tests of the database layer itself, below the app.
 */
export async function withDatabase<T>(
  fn: (database: Database) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const target = await createDatabaseTarget();
  const database = await createDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
  });
  try {
    if (options.migrate) await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
    await target.drop();
  }
}

/** A fresh, empty database of the chosen engine. */
export async function createDatabaseTarget(
  options: { dataDir?: string; template?: string } = {},
): Promise<DatabaseTarget> {
  if (!testDatabaseUrl) {
    return {
      databaseUrl: undefined,
      dataDir: options.dataDir ?? 'memory://',
      drop: async () => {},
    };
  }
  const name = `kopi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(
      `create database ${name}${options.template ? ` template ${options.template}` : ''}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: options.dataDir ?? path.join(os.tmpdir(), name),
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function testConfig(target: DatabaseTarget, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const readDatabaseUrl = replicaUrlOf(target.databaseUrl);
  return {
    ...base,
    // Uploads and other files; the database itself lives where `target` says.
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-test-data-')),
    seedDemo: true,
    demoOrders: false,
    checkResponses: true,
    webDist: path.join(os.tmpdir(), 'kopi-no-web-dist'),
    loginRateLimit: 10_000,
    passwordHashing: testHashing,
    // No test reaches a real gateway: one that does not point at its own fake gets a closed port.
    paymentGatewayBaseUrls: { billplz: 'http://127.0.0.1:9' },
    readDatabaseUrl,
    readReplicaWaitsForReplay: readDatabaseUrl !== undefined,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Where reads that may lag went (a replica with TEST_READ_DATABASE_URL). */
  reads: ReadRouter;
  routes: RouteAccess[];
  principals: PrincipalCache;
  database: Database;
  config: Config;
  target: DatabaseTarget;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in through the API and returns the SPEC §7 answer. */
  login(username: string, password?: string): Promise<SessionData>;
  /** `{ authorization: 'Bearer …' }` for a token. */
  bearer(token: string): { authorization: string };
  /** Closes the app; drops the database unless `keepDatabase` was asked for. */
  close(): Promise<void>;
}

/** Request headers as tests pass them: a bearer, a tenant header, an Idempotency-Key… */
export type RequestHeaders = Record<string, string>;
/** Headers of a request made without any: no token, no tenant. */
export const anonymous: RequestHeaders = Object.freeze({});
export type HttpMethod = NonNullable<InjectOptions['method']>;
export type Payload = InjectOptions['payload'];

/** `headers` with an Idempotency-Key, a fresh one unless the test names it. */
export function withIdempotencyKey(
  headers: RequestHeaders,
  key: string = randomUUID(),
): RequestHeaders {
  return { ...headers, 'idempotency-key': key };
}

/** Requests against a test app, each with the given headers unless the call names its own. */
export interface Requests {
  get(url: string, headers?: RequestHeaders): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, headers?: RequestHeaders): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, headers?: RequestHeaders): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Payload, headers?: RequestHeaders): Promise<LightMyRequestResponse>;
  del(url: string, payload?: Payload, headers?: RequestHeaders): Promise<LightMyRequestResponse>;
  send(
    method: HttpMethod,
    url: string,
    payload?: Payload,
    headers?: RequestHeaders,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The one request helper of the server tests: `requestAs(t, admin).get('/api/users')`. The
 * headers given here (usually `t.bearer(token)`) go with every request; a call's own headers
 * replace them, as when one test asks as another user. A payload left out is not sent.
 */
export function requestAs(t: Pick<TestApp, 'inject'>, defaults: RequestHeaders = {}): Requests {
  const send: Requests['send'] = (method, url, payload, headers = defaults) =>
    t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, payload, headers) => send('POST', url, payload, headers),
    put: (url, payload, headers) => send('PUT', url, payload, headers),
    patch: (url, payload, headers) => send('PATCH', url, payload, headers),
    del: (url, payload, headers) => send('DELETE', url, payload, headers),
    send,
  };
}

/** The OpenAPI document's answer schema of `GET path` with status 200, as JSON text. */
export async function documentedAnswer(api: Requests, path: string): Promise<string> {
  const doc = (await api.get('/api/docs/json')).json();
  return JSON.stringify(doc.paths[path].get.responses['200']);
}

export interface TestAppOptions {
  config?: Partial<Config>;
  seedDemo?: boolean;
  /** Reuse an existing database (restart tests); it is then not dropped on close. */
  target?: DatabaseTarget;
  extraRoutes?: BuildAppOptions['extraRoutes'];
  now?: BuildAppOptions['now'];
  sandboxDelivery?: BuildAppOptions['sandboxDelivery'];
  /** Default: no logging (TEST_LOG_ERRORS=1 logs errors to stdout). Tests that read the log pass a logger with a stream of their own. */
  logger?: BuildAppOptions['logger'];
  /** PostgreSQL connections of the app's pool (default 5): concurrency tests need more. */
  poolMax?: number;
  /** false: background jobs wait in the queue (a test runs them with a runner of its own). */
  backgroundJobs?: boolean;
}

/**
 * Test files whose pool is larger than this take turns on PostgreSQL: two 72-connection races
 * in two workers at once would pass the server's max_connections (100) and answer 500s.
 */
const SHARED_POOL_LIMIT = 16;
const LARGE_POOL_TURN = 0x6b6f7069; // the session advisory lock the turn is

/** Waits for the large pools' turn; answers how to give it back (nothing to give on PGlite). */
async function turnForPool(poolMax: number): Promise<() => Promise<void>> {
  if (engine !== 'postgres' || poolMax <= SHARED_POOL_LIMIT) return async () => {};
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query('select pg_advisory_lock($1)', [LARGE_POOL_TURN]);
  // Ending the session gives the lock back, also when the file crashes.
  return () => client.end();
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const poolMax = options.poolMax ?? 5;
  const giveTurnBack = await turnForPool(poolMax);
  // The prepared database has the demo data and nothing else: a new database that wants that
  // starts from it, and one that wants the demo orders too has them seeded on it.
  const ownStart =
    options.target || options.seedDemo === false || options.config?.seedDemo === false;
  const template = ownStart ? undefined : preparedTemplate();
  const target = options.target ?? (await createDatabaseTarget({ template: template?.postgres }));
  const config = testConfig(target, { seedDemo: options.seedDemo ?? true, ...options.config });
  const database = await createDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolMax,
    loadDataDir: template?.pglite,
  });
  const cleanUp = async () => {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (!options.target) await target.drop();
    await giveTurnBack();
  };
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    built = await buildApp({
      config,
      database,
      logger: options.logger ?? (process.env.TEST_LOG_ERRORS ? { level: 'error' } : false),
      extraRoutes: options.extraRoutes,
      now: options.now,
      sandboxDelivery: options.sandboxDelivery,
      // A sweep firing a minute in would change customers under a test that runs that long.
      pointsExpirySweep: false,
      backgroundJobs: options.backgroundJobs,
      demoOrdersOnPrepared: template !== undefined,
    });
    await built.app.ready();
  } catch (error) {
    // A test may expect the build to fail: leave no database or folder behind.
    await built?.app.close().catch(() => {});
    await database.close().catch(() => {});
    await cleanUp();
    throw error;
  }
  const { app, routes, principals, reads } = built;

  const inject = (o: InjectOptions) => app.inject(o);
  return {
    app,
    reads,
    routes,
    principals,
    database,
    config,
    target,
    inject,
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    async login(username, password = DEMO_PASSWORD) {
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) {
        throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      }
      return res.json().data as SessionData;
    },
    async close() {
      if (REPLICA_STATS_DIR && reads.enabled) {
        fs.writeFileSync(
          path.join(REPLICA_STATS_DIR, `${randomUUID()}.json`),
          JSON.stringify(reads.stats()),
        );
      }
      await app.close();
      await cleanUp();
    },
  };
}
