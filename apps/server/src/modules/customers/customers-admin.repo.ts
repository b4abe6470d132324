import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNull,
  like,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { pageWithTotal } from '../../db/list-page';
import { isTenant, ownedBy, ownedWhere, tenantIs } from '../../db/tenant-scope';
import { users } from '../../db/schema/access';
import { customerOrders, customerSessions, customers } from '../../db/schema/customers';
import { customerNotes } from '../../db/schema/loyalty';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { orders } from '../../db/schema/orders';
import { outlets, tenants } from '../../db/schema/tenancy';
import { likePattern } from '../../lib/paging';

// The customers as staff read and change them: the list (search, filters, sort), one customer's
// details and orders, the profile, blocking and staff notes. Every query filters by tenant_id.
// Anonymising and the PDPA export live in customers-pdpa.repo.ts.

export interface CustomerFilter {
  q?: string | undefined;
  status?: string | undefined;
  tierId?: string | undefined;
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
  lastOrderFrom?: string | undefined;
  lastOrderTo?: string | undefined;
  hasWallet?: boolean | undefined;
}

export type CustomerSortKey = 'created' | 'name' | 'last_order' | 'wallet' | 'points';

/** The tenant's time zone: a day of the filters is a day there. */
const tenantZone = (tenantId: string) =>
  sql`(select ${tenants.timezone} from ${tenants} where ${tenants.id} = ${tenantId}::uuid)`;
const dayStart = (tenantId: string, day: string) =>
  sql`(${day}::date::timestamp at time zone ${tenantZone(tenantId)})`;
const dayEnd = (tenantId: string, day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${tenantZone(tenantId)})`;

/** The customer's orders (customer_orders ⨝ orders) as a correlated subquery of `customers`. */
const ofCustomer = (tenantId: string) =>
  sql`${customerOrders} co join ${orders} o on o.id = co.order_id and ${tenantIs('o', tenantId)}
    where ${tenantIs('co', tenantId)} and co.customer_id = ${customers.id}`;
const lastOrderAt = (tenantId: string) =>
  sql<Date | null>`(select max(o.created_at) from ${ofCustomer(tenantId)})`.mapWith(
    orders.createdAt,
  );
const orderCount = (tenantId: string) =>
  sql<number>`(select count(*)::int from ${ofCustomer(tenantId)})`;
/** What the customer's sales brought in: paid minus refunded, rejected orders left out. */
const totalSpend = (tenantId: string) =>
  sql<number>`(select coalesce(sum(o.paid - o.refunded), 0)::int from ${ofCustomer(tenantId)} and kopi_is_sale(o.status))`;

/**
 * The digits of a search that reads as a phone number (only digits, spaces, + - ( ) .). Phones
 * are kept in E.164, and a Malaysian number's local form (012-345 6789) is its E.164 digits after
 * the 6 of +60, so "0123456789", "+60 12-345 6789" and "6012345" all find +60123456789.
 */
function phoneDigitsOf(q: string): string | null {
  if (!/^[\d\s+\-().]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const digits = phoneDigitsOf(q);
  return or(
    ilike(customers.name, pattern),
    ilike(customers.email, pattern),
    // An anonymised customer's phone is a placeholder with their id: never a match.
    digits ? and(isNull(customers.anonymisedAt), like(customers.phone, `%${digits}%`)) : undefined,
  );
}

function where(tenantId: string, f: CustomerFilter): SQL | undefined {
  const last = lastOrderAt(tenantId);
  return and(
    ownedBy(customers, tenantId),
    searchOf(f.q),
    f.status ? eq(customers.status, f.status) : undefined,
    f.tierId === 'none'
      ? isNull(customers.tierId)
      : f.tierId
        ? eq(customers.tierId, f.tierId)
        : undefined,
    f.joinedFrom ? gte(customers.createdAt, dayStart(tenantId, f.joinedFrom)) : undefined,
    f.joinedTo ? lt(customers.createdAt, dayEnd(tenantId, f.joinedTo)) : undefined,
    f.lastOrderFrom ? sql`${last} >= ${dayStart(tenantId, f.lastOrderFrom)}` : undefined,
    f.lastOrderTo ? sql`${last} < ${dayEnd(tenantId, f.lastOrderTo)}` : undefined,
    f.hasWallet === undefined
      ? undefined
      : f.hasWallet
        ? gt(customers.walletBalance, 0)
        : eq(customers.walletBalance, 0),
  );
}

const summaryColumns = (tenantId: string) => ({
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  status: customers.status,
  points: customers.points,
  walletBalance: customers.walletBalance,
  appAccount: sql<boolean>`${customers.passwordHash} is not null`,
  anonymisedAt: customers.anonymisedAt,
  createdAt: customers.createdAt,
  tier: {
    id: membershipTiers.id,
    nameEn: membershipTiers.nameEn,
    nameMy: membershipTiers.nameMy,
    colour: membershipTiers.colour,
  },
  orders: orderCount(tenantId),
  lastOrderAt: lastOrderAt(tenantId),
});

const withTier = (tenantId: string) =>
  and(eq(membershipTiers.id, customers.tierId), ownedBy(membershipTiers, tenantId));

function summaries(db: Db, tenantId: string) {
  return db
    .select(summaryColumns(tenantId))
    .from(customers)
    .leftJoin(membershipTiers, withTier(tenantId));
}
export type CustomerSummaryRow = Awaited<ReturnType<typeof summaries>>[number];

function ordering(tenantId: string, sort: { key: CustomerSortKey; desc: boolean }) {
  const column = {
    created: customers.createdAt,
    name: customers.name,
    last_order: lastOrderAt(tenantId),
    wallet: customers.walletBalance,
    points: customers.points,
  }[sort.key];
  // Customers without an order sort last either way.
  return sort.desc
    ? [sql`${column} desc nulls last`, desc(customers.id)]
    : [sql`${column} asc nulls last`, asc(customers.id)];
}

export async function listPage(
  db: Db,
  tenantId: string,
  f: CustomerFilter,
  sort: { key: CustomerSortKey; desc: boolean },
  limit: number,
  offset: number,
) {
  const condition = where(tenantId, f);
  return pageWithTotal(
    summaries(db, tenantId)
      .where(condition)
      .orderBy(...ordering(tenantId, sort))
      .limit(limit)
      .offset(offset),
    db,
    customers,
    condition,
  );
}

/** Every matching customer for the CSV export (capped by the caller), with the tenant's zone. */
export async function exportRows(
  db: Db,
  tenantId: string,
  f: CustomerFilter,
  sort: { key: CustomerSortKey; desc: boolean },
  limit: number,
) {
  const [rows, [zone]] = await Promise.all([
    summaries(db, tenantId)
      .where(where(tenantId, f))
      .orderBy(...ordering(tenantId, sort))
      .limit(limit),
    db.select({ timezone: tenants.timezone }).from(tenants).where(isTenant(tenantId)),
  ]);
  return { rows, timezone: zone?.timezone ?? 'Asia/Kuala_Lumpur' };
}

/** The customer with this phone (E.164), or null. */
export async function summaryByPhone(db: Db, tenantId: string, phone: string) {
  const [row] = await summaries(db, tenantId)
    .where(and(ownedBy(customers, tenantId), eq(customers.phone, phone)))
    .limit(1);
  return row ?? null;
}

const referrer = alias(customers, 'referrer');

/** One customer with what the details page shows beyond the summary; null when not the tenant's. */
export async function details(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns(tenantId),
      birthday: customers.birthday,
      referralCode: customers.referralCode,
      phoneVerifiedAt: customers.phoneVerifiedAt,
      referrer: { id: referrer.id, name: referrer.name },
      totalSpend: totalSpend(tenantId),
    })
    .from(customers)
    .leftJoin(membershipTiers, withTier(tenantId))
    .leftJoin(referrer, and(eq(referrer.id, customers.referredBy), ownedBy(referrer, tenantId)))
    .where(and(ownedBy(customers, tenantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}
export type CustomerDetailsRow = NonNullable<Awaited<ReturnType<typeof details>>>;

/** The customer row locked until the transaction ends (a change reads it, then writes it). */
export async function lockForChange(tx: Db, tenantId: string, id: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      birthday: customers.birthday,
      status: customers.status,
      anonymisedAt: customers.anonymisedAt,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateProfile(
  tx: Db,
  tenantId: string,
  id: string,
  values: { name: string; email: string | null; birthday: string | null },
) {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedBy(customers, tenantId), eq(customers.id, id)));
}

export async function setStatus(tx: Db, tenantId: string, id: string, status: string) {
  await tx
    .update(customers)
    .set({ status, updatedAt: sql`now()` })
    .where(and(ownedBy(customers, tenantId), eq(customers.id, id)));
}

/** Ends every live app session of the customer; answers how many. */
export async function revokeSessions(tx: Db, tenantId: string, customerId: string) {
  const rows = await tx
    .update(customerSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      ownedWhere(customerSessions, tenantId, { customerId }, isNull(customerSessions.revokedAt)),
    )
    .returning({ id: customerSessions.id });
  return rows.length;
}

// ---- Orders -----------------------------------------------------------------------------------

/** A page of the customer's orders, newest first; staff bound to an outlet see that outlet's. */
export async function ordersPage(
  db: Db,
  tenantId: string,
  customerId: string,
  boundOutletId: string | null,
  limit: number,
  offset: number,
) {
  const condition = and(
    ownedBy(customerOrders, tenantId),
    eq(customerOrders.customerId, customerId),
    boundOutletId
      ? sql`exists (select 1 from ${orders} o where o.id = ${customerOrders.orderId} and ${tenantIs('o', tenantId)} and o.outlet_id = ${boundOutletId}::uuid)`
      : undefined,
  );
  return pageWithTotal(
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        outletName: outlets.name,
        source: orders.source,
        status: orders.status,
        total: orders.total,
        refunded: orders.refunded,
        createdAt: orders.createdAt,
      })
      .from(customerOrders)
      .innerJoin(orders, and(eq(orders.id, customerOrders.orderId), ownedBy(orders, tenantId)))
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db,
    customerOrders,
    condition,
  );
}
export type CustomerOrderRow = Awaited<ReturnType<typeof ordersPage>>['rows'][number];

// ---- Staff notes ------------------------------------------------------------------------------

/** The customer's notes, newest first. */
/** The customer's notes, newest first; `limit` keeps only the latest. */
export async function notesOf(db: Db, tenantId: string, customerId: string, limit?: number) {
  const query = db
    .select()
    .from(customerNotes)
    .where(and(ownedBy(customerNotes, tenantId), eq(customerNotes.customerId, customerId)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return limit === undefined ? query : query.limit(limit);
}
export type CustomerNoteRow = Awaited<ReturnType<typeof notesOf>>[number];

/**
 * Adds a note signed with the author's name. The customer is named only if it is the tenant's
 * (otherwise null, which the NOT NULL column refuses).
 */
export async function addNote(
  tx: Db,
  note: { tenantId: string; customerId: string; body: string; authorId: string },
) {
  const [row] = await tx
    .insert(customerNotes)
    .values({
      tenantId: note.tenantId,
      customerId: sql`(select ${customers.id} from ${customers} where ${and(ownedBy(customers, note.tenantId), eq(customers.id, note.customerId))})`,
      body: note.body,
      authorId: note.authorId,
      authorName: sql`coalesce((select ${users.fullname} from ${users} where ${users.id} = ${note.authorId}::uuid), 'Staff')`,
    })
    .returning();
  return row!;
}
