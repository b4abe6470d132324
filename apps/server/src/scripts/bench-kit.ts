import { randomUUID } from 'node:crypto';
import { cliOptions } from './cli-options';
// What the bench scripts share: percentiles, a timed GET load from concurrent clients, and the
// results table. Loopback only is checked by each script before it sends anything.

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export interface BenchRow {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

/**
 * What the GETs accept, as a browser does by default; BENCH_ACCEPT_ENCODING=identity measures the
 * server without compressing (the bench's own clients then decompress nothing either).
 */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';

/** `clients` loops GET `path` until `seconds` have passed; only 200 answers count as latencies. */
export async function loadGet(options: {
  name: string;
  base: URL;
  path: string;
  headers?: Record<string, string>;
  clients: number;
  seconds: number;
}): Promise<BenchRow> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await fetch(new URL(options.path, options.base), {
          headers: { 'accept-encoding': acceptEncoding, ...options.headers },
        });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}

/** Prints a table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

/** Prints rows as a table: ok, errors, req/s and p50/p95/p99 in ms. */
export function printRows(title: string, rows: BenchRow[]) {
  const header = [title, 'ok', 'errors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'];
  const lines = rows.map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    return [
      r.name,
      String(r.requests),
      String(r.errors),
      (r.requests / r.seconds).toFixed(0),
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.95).toFixed(1),
      percentile(sorted, 0.99).toFixed(1),
    ];
  });
  printTable(header, lines);
}

/** A JSON API caller with a bearer token: returns `data`, throws with the status on failure. */
export type BenchApi = <T>(path: string, init?: RequestInit) => Promise<T>;

/** Signs in as a staff user and returns the token and an API caller using it. */
export async function signInApi(
  base: URL,
  username: string,
  password: string,
): Promise<{ token: string; api: BenchApi }> {
  const res = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  const token = body.data?.token;
  if (!token) throw new Error(`sign-in failed: ${res.status} ${body.message ?? ''}`);
  const api: BenchApi = async <T>(path: string, init: RequestInit = {}) => {
    const answer = await fetch(new URL(path, base), {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    const json = (await answer.json()) as { data: T; message?: string };
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${json.message ?? ''}`);
    return json.data;
  };
  return { token, api };
}

/** The server to measure: loopback only, so a bench never loads someone else's server. */
export function loopbackBase(url: string, bench: string): URL {
  const base = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
    console.error(`${bench} only runs against a loopback address.`);
    process.exit(1);
  }
  return base;
}

/** A numeric option kept within bounds. */
export const bounded = (value: string | undefined, min: number, max: number) =>
  Math.max(min, Math.min(Number(value), max));

/** The server's version and database, or exit when nothing answers at `base`. */
export async function serverInfo(base: URL): Promise<{ database: string; version: string }> {
  const health = await fetch(new URL('/api/health', base)).catch(() => null);
  if (!health?.ok) {
    console.error(`No Kopi HQ server answering at ${base.origin}.`);
    process.exit(1);
  }
  return ((await health.json()) as { data: { database: string; version: string } }).data;
}

const postJson = (base: URL, token: string, path: string, body: string) =>
  fetch(new URL(path, base), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body,
  });

/** Opens a shift on the outlet's first till, as a cashier does before selling. */
export async function openShiftAt(base: URL, token: string, outletId: string) {
  const tills = await fetch(new URL(`/api/tills?outlet_id=${outletId}`, base), {
    headers: { authorization: `Bearer ${token}` },
  });
  const till = ((await tills.json()) as { data?: { id: string }[] }).data?.[0];
  // A shift opened meanwhile by a parallel client (409 shift_already_open) serves as well.
  if (till)
    await postJson(base, token, '/api/shifts', JSON.stringify({ till_id: till.id, float: {} }));
}

/**
 * Posts one counter sale with its own Idempotency-Key; the first sale at an outlet without an
 * open shift (409 shift_required) opens one and is sent again.
 */
export async function postSale(base: URL, token: string, body: string) {
  const res = await postJson(base, token, '/api/orders', body);
  if (res.status !== 409) return res;
  const text = await res.clone().text();
  if (!text.includes('"shift_required"')) return res;
  await openShiftAt(base, token, (JSON.parse(body) as { outlet_id: string }).outlet_id);
  return postJson(base, token, '/api/orders', body);
}

/** A bench's options (its own with their defaults, and `--url`) and the loopback server named. */
export function benchOptions<D extends Record<string, string | undefined>>(bench: string, own: D) {
  const values = cliOptions({ ...own, url: 'http://127.0.0.1:3000' });
  return { values, base: loopbackBase(values.url as string, bench) };
}
