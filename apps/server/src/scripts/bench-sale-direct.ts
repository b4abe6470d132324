import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { type BenchRow, postSale } from './bench-kit';
import { type DirectRounds, type RecordedStatement, runRounds, uuidPattern } from './bench-direct';

// A sale's own statements run directly, as many times as the clients manage: the yardstick for
// POST /api/orders. A sale writes rows with ids of its own (the order, its lines, payments,
// history, the idempotency key), so each round gives every id the recorded sale created a fresh
// one; the ids it only read (tenant, user, outlet, till, shift, products) stay. The order number
// comes from the SQL itself (the outlet's day counter), so replayed sales number on gaplessly.

/** Statements the request does not issue itself: the live feed's read, one for many sales. */
const notTheRequest = /pg_snapshot_xmax/;

const isRead = (text: string) => /^\s*select\b/i.test(text);

/** The sale's statements, and the ids it read (every other id in them is one it created). */
export function saleReplay(statements: RecordedStatement[], body: unknown) {
  const own = statements.filter((s) => !notTheRequest.test(s.text));
  const read = new Set<string>(JSON.stringify(body).match(uuidPattern) ?? []);
  for (const s of own) {
    if (!isRead(s.text)) continue;
    for (const id of JSON.stringify(s.values).match(uuidPattern) ?? []) read.add(id);
    for (const id of s.answered ?? []) read.add(id);
  }
  return { statements: own, read };
}

/** Each connection selling the recorded sale again with fresh ids, for `seconds`. */
export function runSaleDirect(
  connections: pg.Client[],
  replay: ReturnType<typeof saleReplay>,
  seconds: number,
): Promise<DirectRounds> {
  return runRounds(connections, seconds, async (c) => {
    const fresh = new Map<string, string>();
    // Ids the database made (an insert's `returning "id"`), for an update that names one.
    const returned: string[] = [];
    const swap = (id: string, made?: string) => {
      if (replay.read.has(id)) return id;
      let next = fresh.get(id);
      if (!next) {
        next = made ?? randomUUID();
        fresh.set(id, next);
      }
      return next;
    };
    for (const s of replay.statements) {
      const updates = /^\s*(update|delete)\b/i.test(s.text);
      const values = s.values.map((v) => {
        if (typeof v !== 'string') return v;
        // A whole-value id an update names that no earlier statement held: the row it made.
        if (updates && /^[0-9a-f-]{36}$/.test(v) && !fresh.has(v) && !replay.read.has(v)) {
          return swap(v, returned.shift());
        }
        return v.replace(uuidPattern, (id) => swap(id));
      });
      const res = await c.query({ text: s.text, name: s.name, values });
      const id = (res.rows[0] as { id?: unknown } | undefined)?.id;
      if (/returning "id"\s*$/i.test(s.text) && typeof id === 'string') returned.push(id);
    }
  });
}

/** Sales posted flat out by `clients` clients, each with its own Idempotency-Key. */
export async function loadSales(
  base: URL,
  token: string,
  bodies: unknown[],
  clientCount: number,
  durationS: number,
): Promise<BenchRow> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: clientCount }, async () => {
      while (performance.now() < deadline) {
        const body = JSON.stringify(bodies[next++ % bodies.length]);
        const t0 = performance.now();
        const res = await postSale(base, token, body);
        await res.arrayBuffer();
        if (res.status === 201) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return {
    name: 'POST /api/orders (sale)',
    requests: latencies.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}
