import { isDeepStrictEqual } from 'node:util';
import { LIVE_SESSION_ENDED } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { rebuildRollups, rebuiltRollupTables } from '../../modules/books/books.service';
import type { Verdict } from '../verdicts';
import type { Ledger } from './load-kit';
import type { LiveObserver } from './live-observer';

// What must hold in the database after any number of kills, read with SQL once the load has
// stopped: every order whole (items, payments adding up), nothing orphaned, the rollups equal to
// a rebuild from the orders and refunds, one order per Idempotency-Key and every acknowledged order
// present, and no live event a reconnecting client could not replay.

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** Holds when the query finds no row; a failure shows the first few rows found. */
async function none(db: Db, title: string, query: ReturnType<typeof sql>): Promise<Verdict> {
  const found = await rows<Record<string, unknown>>(db, query);
  return {
    title,
    ok: found.length === 0,
    detail: found.length ? `${found.length} rows, e.g. ${JSON.stringify(found.slice(0, 3))}` : '',
  };
}

export async function orderInvariants(db: Db): Promise<Verdict[]> {
  return [
    await none(
      db,
      'no order without its items',
      sql`select o.id, o.order_no, o.status from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
    await none(
      db,
      "an order's paid amount is the sum of its payments",
      sql`select o.id, o.order_no, o.paid, coalesce(sum(p.amount), 0)::int as payments
        from orders o left join order_payments p on p.order_id = o.id
        group by o.id having o.paid <> coalesce(sum(p.amount), 0)`,
    ),
    // A counter sale is paid in full when it is made; an app order is paid when it leaves
    // CREATED, and what it got beyond its total (paid twice, or cancelled after paying) is owed
    // back: paid − refund due is the total of a sale (a refund of a sale gives money back without
    // changing what was paid), and paid − refund due − refunded is 0 of a cancelled order.
    await none(
      db,
      'every sale is paid exactly its total (less what is owed back)',
      sql`select id, order_no, source, status, total, paid, refund_due, refunded from orders
        where status <> 'CREATED'
          and paid - refund_due - case when status = 'REJECTED' then refunded else 0 end
            <> case when status = 'REJECTED' then 0 else total end`,
    ),
    await none(
      db,
      'an unpaid app order has no payment',
      sql`select id, order_no, paid from orders where status = 'CREATED' and paid <> 0`,
    ),
    await none(
      db,
      'no payment without its order',
      sql`select 'order_payments' as t, p.id from order_payments p
          where not exists (select 1 from orders o where o.id = p.order_id)
        union all
        select 'payment_intents', pi.id from payment_intents pi
          where pi.purpose = 'order'
            and not exists (select 1 from orders o where o.id = pi.order_id)
        union all
        select 'order_items', i.id from order_items i
          where not exists (select 1 from orders o where o.id = i.order_id)`,
    ),
    // The provider's paid callback and the order's payment line commit together (a wallet
    // top-up pays no order: its money is on the wallet's ledger).
    await none(
      db,
      'every paid online payment is on its order once, and only those',
      sql`select pi.id, pi.status, count(p.id) as lines from payment_intents pi
          left join order_payments p on p.reference = pi.provider || ':' || pi.id
        where pi.purpose = 'order'
        group by pi.id having count(p.id) <> case when pi.status = 'paid' then 1 else 0 end`,
    ),
    await none(
      db,
      'one order per Idempotency-Key',
      sql`select tenant_id, idempotency_key, count(*) from orders
        where idempotency_key is not null group by 1, 2 having count(*) > 1`,
    ),
  ];
}

/** Every rollup: the rebuilt ones and the narrower ones their row triggers keep. */
const rollupTables = [
  ...rebuiltRollupTables,
  'sales_channel_rollups',
  'product_month_rollups',
] as const;

/**
 * A tenant's rollup rows, table by table, each row as text in a stable order. A row whose every
 * figure is 0 says nothing (a sale voided later leaves its day's row at 0; a rebuild writes none),
 * so it is left out: the figures are the only numbers in a rollup row.
 */
async function rollupRows(db: Db, tenantId: string) {
  const tables: Record<string, string[]> = {};
  for (const table of rollupTables) {
    tables[table] = (
      await rows<{ r: string }>(
        db,
        sql`select r::text as r from ${sql.raw(table)} r
          where r.tenant_id = ${tenantId}::uuid
            and exists (select 1 from jsonb_each(to_jsonb(r)) f
              where jsonb_typeof(f.value) = 'number' and f.value <> '0'::jsonb)
          order by 1`,
      )
    ).map((x) => x.r);
  }
  return tables;
}

/** Undoes a rebuild after reading what it wrote. */
class RolledBack extends Error {}

/**
 * The rollups every tenant's writers kept, statement by statement, equal a rebuild of the whole
 * history from the raw rows (in a transaction rolled back): no kill left a sale counted in part.
 */
export async function rollupInvariant(db: Db): Promise<Verdict> {
  const tenants = await rows<{ id: string; slug: string }>(db, sql`select id, slug from tenants`);
  const wrong: string[] = [];
  for (const t of tenants) {
    const kept = await rollupRows(db, t.id);
    let rebuilt: Record<string, string[]> = {};
    await db
      .transaction(async (tx) => {
        await rebuildRollups(tx, t.id, '1900-01-01', '2999-12-31');
        rebuilt = await rollupRows(tx, t.id);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    for (const table of rollupTables) {
      if (!isDeepStrictEqual(kept[table], rebuilt[table])) {
        const differing = kept[table]!.filter((r) => !rebuilt[table]!.includes(r));
        wrong.push(
          `${t.slug} ${table}: kept ${kept[table]!.length} rows, rebuilt ${rebuilt[table]!.length}, e.g. ${differing[0] ?? rebuilt[table]![0]}`,
        );
      }
    }
  }
  return {
    title: 'rollups equal a rebuild from the orders and refunds',
    ok: !wrong.length,
    detail: wrong.join('; '),
  };
}

/**
 * The client's ledger against the orders table: each order the server acknowledged (a 201, or
 * a retry told the sale was recorded) is there exactly once with the total the client knew, a
 * refused one is not, and the run left no order its clients never heard of.
 */
export async function ledgerInvariant(db: Db, ledger: Ledger, runTag: string): Promise<Verdict> {
  const stored = await rows<{ id: string; key: string; total: number }>(
    db,
    sql`select id::text, idempotency_key as key, total from orders
      where idempotency_key like ${`%${runTag}-%`}`,
  );
  // An app order's stored key is the server's `app:<customer>:<key>`.
  const byKey = new Map(stored.map((o) => [o.key.slice(o.key.indexOf(runTag)), o]));
  const problems: string[] = [];
  const sent = new Set<string>();
  for (const o of ledger.orders) {
    sent.add(o.key);
    const found = byKey.get(o.key);
    if (o.outcome === 'refused') {
      if (found) problems.push(`${o.key}: refused, yet stored as ${found.id}`);
      continue;
    }
    if (!found) problems.push(`${o.key}: acknowledged (${o.outcome}) but not stored`);
    else if (o.orderId && found.id !== o.orderId) {
      problems.push(`${o.key}: answered ${o.orderId}, stored ${found.id}`);
    } else if (o.total !== null && found.total !== o.total) {
      problems.push(`${o.key}: total ${o.total} sent, ${found.total} stored`);
    }
  }
  for (const key of byKey.keys()) {
    if (!sent.has(key)) problems.push(`${key}: stored, but no client sent it`);
  }
  const paid = new Map(
    (
      await rows<{ id: string; paid: number }>(
        db,
        sql`select id::text, paid from orders where idempotency_key like ${`%${runTag}-app-%`}`,
      )
    ).map((o) => [o.id, o.paid]),
  );
  for (const p of ledger.paid) {
    if ((paid.get(p.orderId) ?? 0) < p.amount) {
      problems.push(
        `order ${p.orderId}: payment of ${p.amount} accepted, paid ${paid.get(p.orderId)}`,
      );
    }
  }
  return {
    title: 'every acknowledged order and payment is stored once, and nothing else',
    ok: problems.length === 0,
    detail: problems.length
      ? `${problems.length} problems, e.g. ${problems.slice(0, 5).join('; ')}`
      : `${ledger.orders.length} orders, ${ledger.paid.length} payments`,
  };
}

/**
 * Live-event ids come from a sequence, so a transaction killed after taking one leaves a hole
 * in the ids: harmless, since a client replays by `since=<last id it got>` and no row will ever
 * fill it. The harmful gap is an event committed with a smaller id than one a client already
 * got (it would never be replayed), or one lost from the table while a client missed it. So the
 * check is the client's: every event of the tenant after the observer's first head, except the
 * server-internal session ends it is never sent, reached the observer live or by replay.
 */
export async function liveInvariant(
  db: Db,
  observer: LiveObserver,
  tenantId: string,
): Promise<Verdict> {
  const title = 'every live event reached a reconnecting client (no gap it could not replay)';
  const events = await rows<{ id: number }>(
    db,
    sql`select id::int from live_events
      where tenant_id = ${tenantId}::uuid and id > ${observer.baseline ?? 0}
        and type <> ${LIVE_SESSION_ENDED} order by id`,
  );
  const last = events.at(-1)?.id ?? 0;
  const caughtUp = await observer.caughtUpTo(last, 15_000);
  const missing = events.filter((e) => !observer.received.has(e.id)).map((e) => e.id);
  const ok = caughtUp && missing.length === 0 && observer.truncations === 0;
  return {
    title,
    ok,
    detail: ok
      ? `${events.length} events over ${observer.connects} connections`
      : `${missing.length} of ${events.length} events never reached the client (e.g. ${missing.slice(0, 5).join(', ')}); ` +
        `caught up: ${caughtUp}; truncated replays: ${observer.truncations}`,
  };
}
