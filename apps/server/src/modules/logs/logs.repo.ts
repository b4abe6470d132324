import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  addons,
  auditLog,
  categories,
  customers,
  orders,
  outlets,
  products,
  roles,
  tenants,
  users,
  variantGroups,
} from '../../db/schema';
import { likePattern } from '../../lib/paging';

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
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    f.tenantId === undefined
      ? undefined
      : f.tenantId === null
        ? isNull(auditLog.tenantId)
        : eq(auditLog.tenantId, f.tenantId),
    f.boundOutletId
      ? sql`${auditLog.actorId} in (select u.id from ${users} u where u.id_outlet = ${f.boundOutletId})`
      : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
    pattern
      ? or(
          ilike(auditLog.actorUsername, pattern),
          ilike(auditLog.action, pattern),
          ilike(auditLog.entityId, pattern),
        )
      : undefined,
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
  const [rows, [count]] = await Promise.all([
    db
      .select(summary)
      .from(auditLog)
      .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
      .where(where(f))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where(f)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One entry, if it is within the filter's scope. */
export async function findById(db: Db, f: AuditFilter, id: string) {
  const [row] = await db
    .select(full)
    .from(auditLog)
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
    .where(and(where(f), eq(auditLog.id, id)))
    .limit(1);
  return row ?? null;
}

/** Names of roles and outlets by id, limited to one tenant (null: platform roles only). */
export async function referenceNames(db: Db, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return {};
  const roleTenant = tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, tenantId);
  const userTenant = tenantId === null ? isNull(users.tenantId) : eq(users.tenantId, tenantId);
  const [roleRows, outletRows, userRows] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(roleTenant, inArray(roles.id, ids))),
    tenantId === null
      ? Promise.resolve([])
      : db
          .select({ id: outlets.id, name: outlets.name })
          .from(outlets)
          .where(and(eq(outlets.tenantId, tenantId), inArray(outlets.id, ids))),
    db
      .select({ id: users.id, name: users.fullname })
      .from(users)
      .where(and(userTenant, inArray(users.id, ids))),
  ]);
  return Object.fromEntries([...roleRows, ...outletRows, ...userRows].map((r) => [r.id, r.name]));
}

/** A record an entry is about, within the entry's tenant (null: a platform entry). */
export interface RecordRef {
  entity: string;
  id: string;
  tenantId: string | null;
}

interface LabelSource {
  table: PgTable;
  id: AnyPgColumn;
  /** The record's tenant column; a tenant's own row is its tenant. */
  tenantId: AnyPgColumn;
  label: SQL<string> | AnyPgColumn;
}

/** Where each kind of record keeps what staff call it. */
const labelSources: Record<string, LabelSource> = {
  order: { table: orders, id: orders.id, tenantId: orders.tenantId, label: orders.orderNo },
  user: { table: users, id: users.id, tenantId: users.tenantId, label: users.username },
  role: { table: roles, id: roles.id, tenantId: roles.tenantId, label: roles.name },
  outlet: { table: outlets, id: outlets.id, tenantId: outlets.tenantId, label: outlets.name },
  product: { table: products, id: products.id, tenantId: products.tenantId, label: products.name },
  category: {
    table: categories,
    id: categories.id,
    tenantId: categories.tenantId,
    label: categories.nameEn,
  },
  variant_group: {
    table: variantGroups,
    id: variantGroups.id,
    tenantId: variantGroups.tenantId,
    label: variantGroups.name,
  },
  addon: { table: addons, id: addons.id, tenantId: addons.tenantId, label: addons.name },
  customer: {
    table: customers,
    id: customers.id,
    tenantId: customers.tenantId,
    label: sql<string>`${customers.name} || ' · ' || ${customers.phone}`,
  },
  tenant: { table: tenants, id: tenants.id, tenantId: tenants.id, label: tenants.name },
};

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What staff call each record now (an order's number, a user's username, a role's name…), keyed
 * `entity:id`. A record is named only within the entry's own tenant, so no name crosses tenants.
 */
export async function recordLabels(db: Db, refs: RecordRef[]): Promise<Map<string, string>> {
  const byEntity = new Map<string, RecordRef[]>();
  for (const ref of refs) {
    if (!labelSources[ref.entity] || !UUID_TEXT.test(ref.id)) continue;
    const list = byEntity.get(ref.entity);
    if (list) list.push(ref);
    else byEntity.set(ref.entity, [ref]);
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...byEntity].map(async ([entity, wanted]) => {
      const source = labelSources[entity]!;
      const ids = [...new Set(wanted.map((r) => r.id))];
      // Which tenant's entries ask for each id (an export asks for thousands: no scan per row).
      const askedBy = new Set(wanted.map((r) => `${r.id}|${r.tenantId ?? ''}`));
      const rows: { id: string; tenantId: string | null; label: string | null }[] = [];
      // An export names up to 50,000 records: a bounded number of parameters per statement.
      for (let i = 0; i < ids.length; i += 5_000) {
        rows.push(
          ...((await db
            .select({ id: source.id, tenantId: source.tenantId, label: source.label })
            .from(source.table)
            .where(inArray(source.id, ids.slice(i, i + 5_000)))) as typeof rows),
        );
      }
      for (const row of rows) {
        const sameTenant =
          askedBy.has(`${row.id}|${row.tenantId ?? ''}`) ||
          // A platform entry may name any tenant; everything else only within its tenant.
          (entity === 'tenant' && askedBy.has(`${row.id}|`));
        if (sameTenant && row.label) labels.set(`${entity}:${row.id}`, row.label);
      }
    }),
  );
  return labels;
}

export async function exportRows(db: Db, f: AuditFilter, limit: number) {
  return db
    .select(full)
    .from(auditLog)
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
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
