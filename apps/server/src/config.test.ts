import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, productionHashing, repoRoot } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      webDist: path.join(repoRoot, 'apps', 'web', 'dist'),
      accessTokenTtlMs: 15 * 60_000,
      refreshTokenTtlMs: 30 * 86_400_000,
      seedDemo: true,
      logLevel: 'info',
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      e2e: false,
    });
    expect(c.passwordHashing).toEqual(productionHashing);
    expect(productionHashing.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(productionHashing.timeCost).toBeGreaterThanOrEqual(2);
  });

  it('turns the demo seed off with DATABASE_URL unless asked for', () => {
    const url = 'postgres://kopi@db:5432/kopi';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
  });

  it('resolves relative folders from where the command was typed', () => {
    const c = loadConfig({ DATA_DIR: 'mydata', WEB_DIST: 'web', INIT_CWD: '/srv/kopi' });
    expect(c.dataDir).toBe('/srv/kopi/mydata');
    expect(c.webDist).toBe('/srv/kopi/web');
  });

  it('parses durations', () => {
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('30d')).toBe(2_592_000_000);
    expect(parseDuration('900')).toBe(900_000);
    expect(parseDuration('soon')).toBeNull();
    expect(loadConfig({ ACCESS_TOKEN_TTL: '5m' }).accessTokenTtlMs).toBe(300_000);
  });

  it('reports every bad value at once, by name', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ACCESS_TOKEN_TTL: 'forever',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'JWT_SECRET',
        'ACCESS_TOKEN_TTL',
        'SEED_DEMO',
        'LOG_LEVEL',
      ]) {
        expect(message).toContain(name);
      }
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or the proxies’ addresses, never a blanket true', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    for (const value of ['true', 'yes', '99', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('production mode', () => {
  it('refuses to start with the e2e switch on', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', KOPI_E2E: '1' })).toThrow(
      /KOPI_E2E: must be off when NODE_ENV is production/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).e2e).toBe(false);
    expect(loadConfig({ KOPI_E2E: '1' }).e2e).toBe(true);
  });
});

describe('REQUEST_TIMEOUT and CONNECTION_TIMEOUT', () => {
  it('default to a minute for a whole request and two for a silent connection', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 60_000,
      connectionTimeoutMs: 120_000,
    });
  });

  it('take durations within their bounds', () => {
    const c = loadConfig({ REQUEST_TIMEOUT: '1s', CONNECTION_TIMEOUT: '30s' });
    expect(c).toMatchObject({ requestTimeoutMs: 1000, connectionTimeoutMs: 30_000 });
    expect(loadConfig({ REQUEST_TIMEOUT: '1h', CONNECTION_TIMEOUT: '1h' })).toMatchObject({
      requestTimeoutMs: 3_600_000,
      connectionTimeoutMs: 3_600_000,
    });
  });

  it('refuse none at all, more than an hour, and a connection limit inside the live heartbeat', () => {
    for (const [name, value] of [
      ['REQUEST_TIMEOUT', '0'],
      ['REQUEST_TIMEOUT', '999ms'],
      ['REQUEST_TIMEOUT', '61m'],
      ['CONNECTION_TIMEOUT', '29s'],
      ['CONNECTION_TIMEOUT', '2h'],
      ['CONNECTION_TIMEOUT', 'never'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}: must be a duration .* between`),
      );
    }
    expect(() => loadConfig({ CONNECTION_TIMEOUT: '10s' })).toThrow(/between 30s and 1h/);
  });
});
