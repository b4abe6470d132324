import { gatewayProviderLabels } from '@kopi/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { equalsGiven, pageWithTotal, searchAny } from '../../db/list-page';
import { roles, users } from '../../db/schema/access';
import { addons, categories, products, variantGroups } from '../../db/schema/catalogue';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { auditLog } from '../../db/schema/platform';
import { outlets, tenants } from '../../db/schema/tenancy';
import { banners } from '../../db/schema/banners';
import { paymentGateways } from '../../db/schema/payments';
import { refunds } from '../../db/schema/refunds';
import { shifts, tills } from '../../db/schema/shifts';
import { voucherCampaigns, vouchers } from '../../db/schema/vouchers';
import { type RecordRef, recordKey } from './record-key';
import { ownedWithin, tenantOfRow } from '../../db/tenant-scope';

// Reads of the audit log. Nothing here writes it: entries are added by audit.record in the
// transaction of each change, and the database refuses UPDATE and DELETE on the table.

export interface AuditFilter {
  /** A tenant's id, null for platform entries only, undefined for every tenant. */
  tenantId: string | null | undefined;
  /** Staff bound to an outlet see entries made by users of that outlet only. */
  boundOutletId: string | null;
  actorId?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
}

function where(f: AuditFilter) {
  return and(
    ownedWithin(auditLog, f.tenantId),
    f.boundOutletId
      ? sql`${auditLog.actorId} in (select u.id from ${users} u where u.id_outlet = ${f.boundOutletId})`
      : undefined,
    equalsGiven(auditLog, f, ['actorId', 'action', 'entity', 'entityId']),
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
    searchAny(f.q, [auditLog.actorUsername, auditLog.action, auditLog.entityId]),
  );
}

const summary = {
  id: auditLog.id,
  tenantId: auditLog.tenantId,
  tenantName: tenants.name,
  actorId: auditLog.actorId,
  actorUsername: auditLog.actorUsername,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  requestId: auditLog.requestId,
  createdAt: auditLog.createdAt,
  /** What the entry's own snapshot called the record: kept when the record is gone. */
  snapshotLabel: sql<string | null>`coalesce(
    ${auditLog.after}->>'order_no', ${auditLog.before}->>'order_no',
    ${auditLog.after}->>'username', ${auditLog.before}->>'username',
    ${auditLog.after}->>'name', ${auditLog.before}->>'name')`,
};
const full = { ...summary, before: auditLog.before, after: auditLog.after };

export type AuditSummaryRow = Awaited<ReturnType<typeof list>>['rows'][number];
export type AuditRowFull = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(db: Db, f: AuditFilter, limit: number, offset: number) {
  return pageWithTotal(
    db
      .select(summary)
      .from(auditLog)
      .leftJoin(tenants, tenantOfRow(auditLog))
      .where(where(f))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db,
    auditLog,
    where(f),
  );
}

/** One entry, if it is within the filter's scope. */
export async function findById(db: Db, f: AuditFilter, id: string) {
  const [row] = await db
    .select(full)
    .from(auditLog)
    .leftJoin(tenants, tenantOfRow(auditLog))
    .where(and(where(f), eq(auditLog.id, id)))
    .limit(1);
  return row ?? null;
}

interface NameSource {
  table: PgTable;
  id: AnyPgColumn;
  /** The record's tenant column; a tenant's own row is its tenant. */
  tenantId: AnyPgColumn;
  name: SQL<string> | AnyPgColumn;
}

/** A tenant-owned table's records, named by `name`. */
const owned = (
  table: PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn },
  name: NameSource['name'],
): NameSource => ({ table, id: table.id, tenantId: table.tenantId, name });

/** Where each kind of record keeps what staff call it. */
const recordNames: Record<string, NameSource> = {
  order: owned(orders, orders.orderNo),
  user: owned(users, users.username),
  role: owned(roles, roles.name),
  outlet: owned(outlets, outlets.name),
  product: owned(products, products.name),
  category: owned(categories, categories.nameEn),
  variant_group: owned(variantGroups, variantGroups.name),
  addon: owned(addons, addons.name),
  customer: owned(customers, sql<string>`${customers.name} || ' · ' || ${customers.phone}`),
  tenant: { table: tenants, id: tenants.id, tenantId: tenants.id, name: tenants.name },
  refund: owned(refunds, refunds.refundNo),
  till: owned(tills, tills.name),
  // A shift is its till, cashier and business day: "Till 1 · Aminah · 2026/06/10".
  shift: owned(
    shifts,
    sql<string>`concat_ws(' · ', (select t.name from ${tills} t where t.id = ${shifts.tillId}),
      ${shifts.cashierName}, replace(${shifts.businessDate}::text, '-', '/'))`,
  ),
  // A gateway is its provider as the screens write it, and its mode: "Billplz · sandbox".
  'payment-gateway': owned(
    paymentGateways,
    sql<string>`concat_ws(' · ', case ${paymentGateways.provider}
      ${sql.join(
        Object.entries(gatewayProviderLabels).map(([p, label]) => sql`when ${p} then ${label}`),
        sql` `,
      )} else ${paymentGateways.provider} end, ${paymentGateways.mode})`,
  ),
  voucher: owned(vouchers, vouchers.nameEn),
  voucher_campaign: owned(voucherCampaigns, voucherCampaigns.nameEn),
  banner: owned(banners, banners.titleEn),
};

/** An export names up to 50,000 records: a bounded number of parameters per statement. */
const IDS_PER_STATEMENT = 5_000;

/**
 * The names of `ids` in `source` that belong to `tenantId` (null: platform rows; a platform entry
 * may name any tenant), as `[id, name]` pairs.
 */
async function namesWithin(db: Db, source: NameSource, tenantId: string | null, ids: string[]) {
  const tenantCondition =
    tenantId === null && source.table === tenants ? undefined : ownedWithin(source, tenantId);
  const pairs: [string, string][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const rows = (await db
      .select({ id: source.id, name: source.name })
      .from(source.table)
      .where(and(tenantCondition, inArray(source.id, ids.slice(i, i + IDS_PER_STATEMENT))))) as {
      id: string;
      name: string | null;
    }[];
    for (const row of rows) if (row.name) pairs.push([row.id, row.name]);
  }
  return pairs;
}

/** Names of roles, outlets and staff (full names) by id, limited to one tenant (null: platform). */
export async function referenceNames(db: Db, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return {};
  const sources = [
    recordNames.role!,
    recordNames.outlet!,
    { ...recordNames.user!, name: users.fullname },
  ];
  const found = await Promise.all(sources.map((source) => namesWithin(db, source, tenantId, ids)));
  return Object.fromEntries(found.flat());
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What staff call each record now (an order's number, a user's username, a role's name…), by
 * `recordKey`. Each record is looked up within its entry's own tenant.
 */
export async function recordLabels(db: Db, refs: RecordRef[]): Promise<Map<string, string>> {
  // One lookup per record type and tenant (a superadmin's page spans tenants).
  const groups = new Map<string, { entity: string; tenantId: string | null; ids: Set<string> }>();
  for (const ref of refs) {
    if (!recordNames[ref.entity] || !UUID_TEXT.test(ref.id)) continue;
    const key = `${ref.entity}|${ref.tenantId ?? ''}`;
    const group = groups.get(key) ?? { entity: ref.entity, tenantId: ref.tenantId, ids: new Set() };
    group.ids.add(ref.id);
    groups.set(key, group);
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...groups.values()].map(async ({ entity, tenantId, ids }) => {
      const pairs = await namesWithin(db, recordNames[entity]!, tenantId, [...ids]);
      for (const [id, name] of pairs) labels.set(recordKey({ entity, tenantId, id }), name);
    }),
  );
  return labels;
}

export async function exportRows(db: Db, f: AuditFilter, limit: number) {
  return db
    .select(full)
    .from(auditLog)
    .leftJoin(tenants, tenantOfRow(auditLog))
    .where(where(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Distinct actions and entities, and the most recent actors, within the scope. */
export async function filterOptions(db: Db, f: AuditFilter) {
  const scope = where(f);
  const [actions, entities, actors] = await Promise.all([
    db
      .selectDistinct({ value: auditLog.action })
      .from(auditLog)
      .where(scope)
      .orderBy(auditLog.action),
    db
      .selectDistinct({ value: auditLog.entity })
      .from(auditLog)
      .where(scope)
      .orderBy(auditLog.entity),
    db
      .select({
        id: auditLog.actorId,
        username: sql<
          string | null
        >`(array_agg(${auditLog.actorUsername} order by ${auditLog.createdAt} desc))[1]`,
      })
      .from(auditLog)
      .where(and(scope, sql`${auditLog.actorId} is not null`))
      .groupBy(auditLog.actorId)
      .orderBy(sql`max(${auditLog.createdAt}) desc`)
      .limit(200),
  ]);
  return {
    actions: actions.map((r) => r.value),
    entities: entities.map((r) => r.value),
    actors: actors.filter((a): a is { id: string; username: string | null } => a.id !== null),
  };
}
