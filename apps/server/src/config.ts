import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_HEARTBEAT_MS } from '@kopi/contract';
import { z } from 'zod';
import serverPackage from '../package.json' with { type: 'json' };

// Environment configuration, parsed once at start. A bad value stops the server with a clear
// message rather than failing later in an obscure place.

/** The repository root: apps/server/src → ../../.. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const DURATION = /^(\d+)\s*(ms|s|m|h|d)$/;
const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses "15m", "30d", "900s" or a bare number of seconds into milliseconds. */
export function parseDuration(value: string): number | null {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const m = DURATION.exec(trimmed);
  if (!m) return null;
  return Number(m[1]) * unitMs[m[2] as keyof typeof unitMs];
}

/** "90s", "15m", "2h", "30d": the largest unit that divides `ms` evenly. */
const formatDuration = (ms: number) => {
  const unit = (['d', 'h', 'm', 's'] as const).find((u) => ms % unitMs[u] === 0) ?? 'ms';
  return `${ms / unitMs[unit]}${unit}`;
};

const duration = (fallback: string, minMs: number, maxMs: number) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDuration(v);
      if (ms === null || ms < minMs || ms > maxMs) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a duration like 15m, 12h or 30d, between ${formatDuration(minMs)} and ${formatDuration(maxMs)}`,
        });
        return z.NEVER;
      }
      return ms;
    });

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

/**
 * TRUST_PROXY: how many proxies stand in front of the server (a hop count), or their addresses
 * (comma-separated IPs or CIDR ranges). `true` is refused: trusting every hop lets any client
 * name its own address in X-Forwarded-For, defeating per-address limits and the audit log.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    const addresses = v.split(',').map((a) => a.trim());
    if (/^\d+$/.test(v)) {
      if (Number(v) <= 10) return Number(v);
    } else if (addresses.every((a) => PROXY_ADDRESS.test(a))) {
      return addresses;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16); true would let any client choose its own address',
    });
    return z.NEVER;
  });
const PROXY_ADDRESS = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // All interfaces by default so the app is reachable from other devices in the shop (tablets).
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  // A streaming replica of DATABASE_URL's database for reports, exports and the order list.
  READ_DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
  ACCESS_TOKEN_TTL: duration('15m', 60_000, 86_400_000),
  REFRESH_TOKEN_TTL: duration('30d', 3_600_000, 365 * 86_400_000),
  SEED_DEMO: z.preprocess(emptyToUndefined, booleanFlag.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Kopi HQ <no-reply@kopi-hq.local>'),
  APP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  TRUST_PROXY: trustProxySetting.default(false),
  REQUEST_TIMEOUT: duration('60s', 1000, 3_600_000),
  // Above the live socket's heartbeat, so a quiet /ws connection is never taken for a dead one.
  CONNECTION_TIMEOUT: duration('120s', LIVE_HEARTBEAT_MS + 5000, 3_600_000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  KOPI_E2E: z.preprocess(emptyToUndefined, booleanFlag.optional()),
  NODE_ENV: z.string().optional(),
  MOBILE_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  PAYMENT_SANDBOX: z.preprocess(emptyToUndefined, booleanFlag.optional()),
  PAYMENT_SANDBOX_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
  /** End-to-end runs only (with KOPI_E2E): where the server reaches "Billplz" (a local fake). */
  KOPI_E2E_BILLPLZ_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  PAYMENT_CREDENTIALS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, {
        message: 'must be 32 bytes in base64',
      })
      .optional(),
  ),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** A read replica (PostgreSQL only); reads that may lag a few seconds go there (db/read-replica.ts). */
  readDatabaseUrl: string | undefined;
  /**
   * Tests only: replica reads wait until the replica has replayed what the primary had committed
   * (see ReadRouterOptions.waitForReplay). Not from the environment.
   */
  readReplicaWaitsForReplay: boolean;
  dataDir: string;
  jwtSecret: string | undefined;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  webDist: string;
  /** Proxies whose X-Forwarded-* headers are believed: none, a hop count or their addresses. */
  trustProxy: TrustProxy;
  /**
   * How long a client has to send a whole request, headers and body (an upload included); past
   * it the connection is answered 408 and closed, so a client cannot hold one open by sending
   * slowly.
   */
  requestTimeoutMs: number;
  /** How long a connection may stay silent both ways (Node's socket timeout) before it is closed. */
  connectionTimeoutMs: number;
  /** Sign-in attempts per client address per minute. */
  loginRateLimit: number;
  /** Registers test-only helpers (the e-mail outbox reader) for the end-to-end suite. */
  e2e: boolean;
  /** Customer-app writes (orders, payments, cancels) per customer per minute. */
  mobileRateLimit: number;
  /** The built-in `sandbox` payment provider (no money moves); off once a real one is set up. */
  paymentSandbox: boolean;
  /** Signs sandbox callbacks; generated once and kept in `server_secrets` when unset. */
  paymentSandboxSecret: string | undefined;
  /**
   * Seals the payment gateways' credentials (AES-256-GCM, 32 bytes base64); generated once and
   * kept in `server_secrets` when unset.
   */
  paymentCredentialsKey: string | undefined;
  /**
   * Where a gateway's API is reached instead of its own sandbox or production host: only tests
   * set it, to a loopback fake of the gateway (the end-to-end run through KOPI_E2E_BILLPLZ_URL).
   */
  paymentGatewayBaseUrls: Partial<Record<string, string>>;
  /**
   * With the demo data, also a few days of demo orders. Not from the environment: only tests turn
   * it off, so other modules' tests start from a catalogue nothing has been sold from.
   */
  demoOrders: boolean;
  /**
   * Every answer also checked against its zod schema and the compiled serializer's text
   * (lib/response-serializer.ts): on in tests and the e2e server, so they prove it.
   */
  checkResponses: boolean;
  /** Hash cost; only tests lower it, through `createTestApp`, never through the environment. */
  passwordHashing: PasswordHashingParams;
  /** Live socket heartbeat; only tests shorten it. */
  liveHeartbeatMs: number;
  version: string;
}

export type TrustProxy = false | number | string[];

export interface PasswordHashingParams {
  memoryCost: number;
  timeCost: number;
}

/** OWASP minimum for argon2id: 19 MiB, 2 iterations. */
export const productionHashing: PasswordHashingParams = { memoryCost: 19_456, timeCost: 2 };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// npm runs workspace scripts inside apps/server; INIT_CWD is where the user typed the command,
// so a relative DATA_DIR or WEB_DIST means what they expect.
const resolveFrom = (env: NodeJS.ProcessEnv, value: string) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), value);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.KOPI_E2E) {
    // The e2e switch opens test-only routes (the e-mail outbox): never on a real server.
    throw new ConfigError(['KOPI_E2E: must be off when NODE_ENV is production']);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    readDatabaseUrl: e.READ_DATABASE_URL,
    readReplicaWaitsForReplay: false,
    dataDir: e.DATA_DIR ? resolveFrom(env, e.DATA_DIR) : path.join(repoRoot, 'data'),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL,
    // Demo data is for the embedded database; a real server opts in explicitly.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDist: e.WEB_DIST ? resolveFrom(env, e.WEB_DIST) : path.join(repoRoot, 'apps', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY,
    liveHeartbeatMs: LIVE_HEARTBEAT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    e2e: e.KOPI_E2E ?? false,
    mobileRateLimit: e.MOBILE_RATE_LIMIT,
    paymentSandbox: e.PAYMENT_SANDBOX ?? true,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    paymentCredentialsKey: e.PAYMENT_CREDENTIALS_KEY,
    paymentGatewayBaseUrls:
      e.KOPI_E2E && e.KOPI_E2E_BILLPLZ_URL ? { billplz: e.KOPI_E2E_BILLPLZ_URL } : {},
    demoOrders: true,
    // The e2e server proves the compiled serializers as the tests do (testConfig turns it on).
    checkResponses: e.KOPI_E2E ?? false,
    passwordHashing: productionHashing,
    version: serverVersion,
  };
}

export const serverVersion: string = serverPackage.version;
