import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Db, rowsOf } from '../db/database';
import { AppError } from '../lib/errors';
import { postWallet } from '../modules/loyalty/ledgers.service';

// Many spends against one wallet at the same moment, as the wallet's concurrency test and
// `bench:wallet` run them: straight through postWallet, each in its own transaction on its own
// connection, or as many API calls at once. Each answers how many went through and how many the
// ledger refused for want of balance.

export interface RaceResult {
  successes: number;
  /** Refused with insufficient_wallet_balance. */
  refused: number;
  /** Anything else: a failure of the test, never expected. */
  other: string[];
  ms: number;
  /** Per call, from its start to its answer. */
  latencies: number[];
}

/**
 * `spends` transactions of `amount` sen each. With `barrier` every transaction first opens and
 * names its connection, and none posts until all are open: on PostgreSQL that proves `spends`
 * connections each held a transaction at once (the pool must allow as many), then they race
 * for the customer's lock. PGlite has one connection: leave the barrier off there.
 */
export async function raceSpends(
  db: Db,
  options: {
    tenantId: string;
    customerId: string;
    spends: number;
    amount: number;
    barrier: boolean;
  },
): Promise<RaceResult & { connections: number }> {
  const pids = new Set<number>();
  let opened = 0;
  let release = () => {};
  const allOpen = new Promise<void>((resolve) => (release = resolve));
  const result = await race(options.spends, (i) =>
    db
      .transaction(async (tx) => {
        if (options.barrier) {
          const [row] = rowsOf<{ pid: number }>(
            await tx.execute(sql`select pg_backend_pid() as pid`),
          );
          pids.add(row!.pid);
          if (++opened === options.spends) release();
          await allOpen;
        }
        await postWallet(tx, {
          tenantId: options.tenantId,
          customerId: options.customerId,
          kind: 'spend',
          amount: -options.amount,
          idempotencyKey: `race:${randomUUID()}:${i}`,
          actor: { kind: 'system', name: 'Race' },
        });
      })
      .then(
        () => 'ok',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      ),
  );
  return { ...result, connections: pids.size };
}

/** `spends` debit adjustments of `amount` sen sent at once through the API. */
export async function raceApiSpends(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  headers: Record<string, string>,
  customerId: string,
  spends: number,
  amount: number,
): Promise<RaceResult> {
  return race(spends, (i) =>
    inject({
      method: 'POST',
      url: `/api/customers/${customerId}/wallet/adjust`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: -amount, reason: `Race spend ${i + 1}` },
    }).then((res) => {
      if (res.statusCode === 200) return 'ok';
      const code = (res.json() as { code_message: string }).code_message;
      // The API's answer to a spend the balance cannot cover is exactly 409 with this code.
      return res.statusCode === 409 && code === 'insufficient_wallet_balance'
        ? code
        : `${res.statusCode} ${code}`;
    }),
  );
}

async function race(n: number, call: (i: number) => Promise<string>): Promise<RaceResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const t0 = performance.now();
      const outcome = await call(i);
      latencies.push(performance.now() - t0);
      return outcome;
    }),
  );
  return {
    successes: outcomes.filter((o) => o === 'ok').length,
    refused: outcomes.filter((o) => o === 'insufficient_wallet_balance').length,
    other: outcomes.filter((o) => o !== 'ok' && o !== 'insufficient_wallet_balance'),
    ms: Math.round(performance.now() - started),
    latencies,
  };
}
