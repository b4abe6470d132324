import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { customers } from '../../db/schema/customers';
import { walletEntries } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { tenants } from '../../db/schema/tenancy';
import { isTenant, ownedBy, tenantIs } from '../../db/tenant-scope';
import { likePattern } from '../../lib/paging';

// Reading the wallet ledger: one customer's, every customer's (filters, export), and the tenant's
// liability by day. Every query filters by tenant_id. Days are the tenant's business days (its
// time zone and cut-off hour), so an entry at 01:30 belongs to the day before, as sales do.

/** The tenant's clock, which turns business days into instants. */
export interface TenantClock {
  timezone: string;
  cutoffHour: number;
}

export async function tenantClock(db: Db, tenantId: string): Promise<TenantClock | null> {
  const [row] = await db
    .select({ timezone: tenants.timezone, cutoffHour: tenants.businessDayCutoffHour })
    .from(tenants)
    .where(isTenant(tenantId))
    .limit(1);
  return row ?? null;
}

/** The instant a business day starts: its date at the cut-off hour in the tenant's zone. */
const dayStart = (date: string, clock: TenantClock) =>
  sql`((${date}::date + make_interval(hours => ${clock.cutoffHour}::int))::timestamp at time zone ${clock.timezone})`;
const nextDayStart = (date: string, clock: TenantClock) =>
  sql`((${date}::date + 1 + make_interval(hours => ${clock.cutoffHour}::int))::timestamp at time zone ${clock.timezone})`;

/**
 * The customer whose wallet a call is about (null when not the tenant's), with the caller's full
 * name for the ledger's actor (a staff user is found by their own id: a platform user has no
 * tenant).
 */
export async function walletHolder(
  db: Db,
  tenantId: string,
  customerId: string,
  callerId: string | null,
) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      status: customers.status,
      walletBalance: customers.walletBalance,
      anonymisedAt: customers.anonymisedAt,
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${callerId}::uuid)`,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}

export interface EntryFilter {
  customerId?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

function where(tenantId: string, f: EntryFilter, clock: TenantClock): SQL | undefined {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    ownedBy(walletEntries, tenantId),
    f.customerId ? eq(walletEntries.customerId, f.customerId) : undefined,
    f.kind ? eq(walletEntries.kind, f.kind) : undefined,
    f.from ? gte(walletEntries.createdAt, dayStart(f.from, clock)) : undefined,
    f.to ? lt(walletEntries.createdAt, nextDayStart(f.to, clock)) : undefined,
    pattern
      ? or(sql`${customers.name} ilike ${pattern}`, sql`${customers.phone} ilike ${pattern}`)
      : undefined,
  );
}

export type EntrySortKey = 'created' | 'amount';
const sortColumns = { created: walletEntries.createdAt, amount: walletEntries.amount } as const;
const orderOf = (sort: { key: EntrySortKey; desc: boolean }) =>
  sort.desc
    ? [desc(sortColumns[sort.key]), desc(walletEntries.id)]
    : [asc(sortColumns[sort.key]), asc(walletEntries.id)];

const entryColumns = {
  entry: walletEntries,
  orderNo: orders.orderNo,
  orderDate: orders.businessDate,
  customerName: customers.name,
  customerPhone: customers.phone,
};

/** The entry's customer, the tenant's like everything else here. */
const itsCustomer = (tenantId: string) =>
  and(eq(customers.id, walletEntries.customerId), ownedBy(customers, tenantId));

// The order's number only if it is the tenant's too.
const joined = (db: Db, tenantId: string) =>
  db
    .select(entryColumns)
    .from(walletEntries)
    .innerJoin(customers, itsCustomer(tenantId))
    .leftJoin(orders, and(eq(orders.id, walletEntries.orderId), ownedBy(orders, tenantId)));

/** Which entries, in which order: the filter, with the tenant's clock for its days. */
export interface EntryQuery {
  filter: EntryFilter;
  clock: TenantClock;
  sort: { key: EntrySortKey; desc: boolean };
}

const matching = (db: Db, tenantId: string, q: EntryQuery) =>
  joined(db, tenantId)
    .where(where(tenantId, q.filter, q.clock))
    .orderBy(...orderOf(q.sort));

/**
 * How many entries match the filter. The customer is joined only to search their name or phone:
 * an entry's customer is always its tenant's, and without the join the count reads the index
 * alone.
 */
export async function countEntries(db: Db, tenantId: string, q: EntryQuery) {
  const count = db.select({ n: sql<number>`count(*)::int` }).from(walletEntries);
  const [row] = await (
    q.filter.q ? count.innerJoin(customers, itsCustomer(tenantId)) : count
  ).where(where(tenantId, q.filter, q.clock));
  return row?.n ?? 0;
}

/** A page of entries, with the order's number and the customer's name and phone. */
export async function entriesPage(
  db: Db,
  tenantId: string,
  q: EntryQuery,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    matching(db, tenantId, q).limit(limit).offset(offset),
    countEntries(db, tenantId, q),
  ]);
  return { rows, total };
}
export type EntryRow = Awaited<ReturnType<typeof entriesPage>>['rows'][number];

/**
 * Every matching entry in the query's order, read `chunkSize` at a time for a streamed export.
 * Each chunk starts after the last row of the one before by (sort column, id), the order's own
 * key, so an entry posted while the file is written neither shifts nor repeats a row.
 */
export async function* entriesInChunks(
  db: Db,
  tenantId: string,
  q: EntryQuery,
  chunkSize: number,
): AsyncGenerator<EntryRow[]> {
  const column = sortColumns[q.sort.key];
  let afterId: string | null = null;
  for (;;) {
    // The last row's key read back from the table: a timestamp keeps its microseconds there.
    const last = sql`(select ${column}, ${walletEntries.id} from ${walletEntries}
      where ${walletEntries.id} = ${afterId}::uuid)`;
    const past: SQL | undefined = afterId
      ? q.sort.desc
        ? sql`(${column}, ${walletEntries.id}) < ${last}`
        : sql`(${column}, ${walletEntries.id}) > ${last}`
      : undefined;
    const rows: EntryRow[] = await joined(db, tenantId)
      .where(and(where(tenantId, q.filter, q.clock), past))
      .orderBy(...orderOf(q.sort))
      .limit(chunkSize);
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
    afterId = rows.at(-1)!.entry.id;
  }
}

/** What customers' wallets hold now: the sum of their balances. */
export async function outstanding(db: Db, tenantId: string) {
  const [row] = await db
    .select({ sen: sql<string>`coalesce(sum(${customers.walletBalance}), 0)::bigint` })
    .from(customers)
    .where(ownedBy(customers, tenantId));
  return Number(row?.sen ?? 0);
}

export interface LiabilityDay {
  date: string;
  topups: number;
  spend: number;
  outstanding: number;
}

/**
 * Per business day from `from` to `to`: top-ups, spend, and what wallets held at the day's end —
 * each customer's last balance after up to then, summed. One statement, one pass over the
 * ledger: each customer's closing balance on the days they moved, its change from their previous
 * closing balance, and the running sum of those changes over days.
 */
export async function liabilityByDay(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  clock: TenantClock,
): Promise<LiabilityDay[]> {
  const day = sql`((e.created_at at time zone ${clock.timezone}) - make_interval(hours => ${clock.cutoffHour}::int))::date`;
  const rows = rowsOf<{ date: string; topups: string; spend: string; outstanding: string }>(
    await db.execute(sql`
      with entries as (
        select e.id, e.customer_id, e.kind, e.amount, e.balance_after, e.created_at, ${day} as day
        from ${walletEntries} e
        where ${tenantIs('e', tenantId)} and e.created_at < ${nextDayStart(to, clock)}
      ),
      closing as (
        select distinct on (customer_id, day) customer_id, day, balance_after
        from entries
        order by customer_id, day, created_at desc, id desc
      ),
      changes as (
        select day, balance_after - coalesce(
          lag(balance_after) over (partition by customer_id order by day), 0) as change
        from closing
      ),
      held as (
        select day, sum(sum(change)) over (order by day) as held from changes group by day
      ),
      moved as (
        select day,
          coalesce(sum(amount) filter (where kind = 'topup'), 0) as topups,
          coalesce(-sum(amount) filter (where kind = 'spend'), 0) as spend
        from entries
        where day >= ${from}::date
        group by day
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce(m.topups, 0)::bigint as topups,
        coalesce(m.spend, 0)::bigint as spend,
        coalesce((select h.held from held h where h.day <= d.day order by h.day desc limit 1), 0)::bigint
          as outstanding
      from (
        select ${from}::date + n as day from generate_series(0, ${to}::date - ${from}::date) n
      ) d
      left join moved m on m.day = d.day
      order by d.day`),
  );
  return rows.map((r) => ({
    date: r.date,
    topups: Number(r.topups),
    spend: Number(r.spend),
    outstanding: Number(r.outstanding),
  }));
}
