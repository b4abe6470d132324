import fs from 'node:fs';
import type pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { uuidPattern } from './bench-direct';

// The server `npm run bench` measures: the app as `npm start` runs it, plus a statement recorder
// the bench switches on for one request at a time (SIGUSR2 toggles it, a marker line confirms)
// to learn which statements an endpoint issues, so it can run the same SQL directly. Off, the
// recorder costs one boolean test per query. The file holds bound values (a sign-in's among
// them if one is recorded), so it is created owner-only and the bench deletes it.

const captureFile = process.env.BENCH_CAPTURE_FILE;
if (!captureFile) throw new Error('BENCH_CAPTURE_FILE is required');

interface QueryConfig {
  text?: string;
  name?: string;
  values?: unknown[];
}

let recording = false;
fs.writeFileSync(captureFile, '', { mode: 0o600 });

/** Appends the statement with the ids its answer held (a replayed sale keeps ids it read). */
function record(args: unknown[], rows: unknown) {
  const [first, second] = args;
  // query(text, values), query(config) or query(config, values), as node-postgres takes them.
  const config: QueryConfig = typeof first === 'string' ? { text: first } : (first as QueryConfig);
  if (!config?.text) return;
  const values = Array.isArray(second) ? second : (config.values ?? []);
  const answered = [...new Set(JSON.stringify(rows ?? []).match(uuidPattern) ?? [])];
  fs.appendFileSync(
    captureFile!,
    `${JSON.stringify({ text: config.text, name: config.name, values, answered })}\n`,
  );
}

function recordOn(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    if (!recording) return query(...args);
    // Written once answered, so one request's statements stay in the order it issued them. The
    // pool's own query passes a callback; a checked-out client's answers a promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      const rest = args.slice(0, last);
      return query(...rest, (error: unknown, res?: { rows?: unknown }) => {
        record(rest, error ? [] : res?.rows);
        (callback as (e: unknown, r: unknown) => void)(error, res);
      });
    }
    const result = query(...args) as Promise<{ rows?: unknown }>;
    void result.then(
      (res) => record(args, res?.rows),
      () => record(args, []),
    );
    return result;
  };
}

process.on('SIGUSR2', () => {
  recording = !recording;
  fs.appendFileSync(captureFile, `${JSON.stringify({ recording })}\n`);
});

const config = loadConfig();
const database = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: config.databasePoolMax,
});
const pool = (database.db as unknown as { $client?: pg.Pool }).$client;
if (database.kind === 'postgres' && pool) pool.on('connect', recordOn);
const { app } = await buildApp({ config, database });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
