import type { VoucherCodeKind, VoucherState, VoucherType } from '@kopi/contract';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchAny, windowPage, windowTotal } from '../../db/list-page';
import { deleteOwnedRow, insertedId, ownedRowWhere, updateOwnedRow } from '../../db/owned-rows';
import { categories, products } from '../../db/schema/catalogue';
import { outlets } from '../../db/schema/tenancy';
import { voucherCodes, voucherRedemptions, vouchers } from '../../db/schema/vouchers';
import { likePattern } from '../../lib/paging';
import { ownedBy, ownedId, sameTenant, tenantIs } from '../../db/tenant-scope';

// Vouchers of one tenant. Every query filters by tenant_id.

export interface VoucherFilter {
  q?: string | undefined;
  state?: VoucherState | undefined;
  type?: VoucherType | undefined;
  codeKind?: VoucherCodeKind | undefined;
  outletId?: string | undefined;
  /** The moment `state` is measured at. */
  now: Date;
}

// Spelled out: in a one-table select drizzle leaves "id" unqualified, which inside the subquery
// would mean the code's own id.
const codesGenerated = sql<number>`(select count(*)::int from ${voucherCodes} vc where vc.voucher_id = "vouchers"."id" and ${sameTenant('vc', '"vouchers"')})`;

export type VoucherRow = typeof vouchers.$inferSelect & { codesGenerated: number };
/** The stored values of a voucher's rules (everything the back office edits). */
export type VoucherValues = Omit<
  typeof vouchers.$inferInsert,
  'id' | 'tenantId' | 'redeemedCount' | 'createdAt' | 'updatedAt'
>;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const active = eq(vouchers.status, 'active');

/** The vouchers in `state` at `now` (the same rule as the service's `stateOf`). */
function inState(state: VoucherState, now: Date): SQL | undefined {
  const started = lte(vouchers.validFrom, at(now));
  const notEnded = or(isNull(vouchers.validUntil), gt(vouchers.validUntil, at(now)));
  switch (state) {
    case 'active':
      return and(active, started, notEnded);
    case 'scheduled':
      return and(active, gt(vouchers.validFrom, at(now)), notEnded);
    case 'expired':
      return and(active, lte(vouchers.validUntil, at(now)));
    case 'inactive':
      return eq(vouchers.status, 'inactive');
  }
}

/** A search matches the name in either language, the shared code, or one of its unique codes. */
const search = (tenantId: string, q: string | undefined) =>
  q
    ? or(
        searchAny(q, [vouchers.nameEn, vouchers.nameMy, vouchers.code]),
        sql`exists (select 1 from ${voucherCodes} vc where vc.voucher_id = "vouchers"."id" and ${tenantIs('vc', tenantId)} and vc.code ilike ${likePattern(q.toUpperCase())})`,
      )
    : undefined;

function where(tenantId: string, f: VoucherFilter) {
  return and(
    ownedBy(vouchers, tenantId),
    f.state ? inState(f.state, f.now) : undefined,
    f.type ? eq(vouchers.type, f.type) : undefined,
    f.codeKind ? eq(vouchers.codeKind, f.codeKind) : undefined,
    // An outlet filter finds the vouchers usable there: those for every outlet and those naming it.
    f.outletId
      ? or(
          sql`cardinality(${vouchers.outletIds}) = 0`,
          sql`${f.outletId}::uuid = any(${vouchers.outletIds})`,
        )
      : undefined,
    search(tenantId, f.q),
  );
}

export async function list(
  db: Db,
  tenantId: string,
  f: VoucherFilter,
  limit: number,
  offset: number,
): Promise<{ rows: VoucherRow[]; total: number }> {
  const filter = where(tenantId, f);
  const page = db
    .select({ voucher: vouchers, codesGenerated, total: windowTotal() })
    .from(vouchers)
    .where(filter)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(limit)
    .offset(offset);
  const { rows, total } = await windowPage(page, offset, db, vouchers, filter);
  return { rows: rows.map((r) => ({ ...r.voucher, codesGenerated: r.codesGenerated })), total };
}

export async function findById(db: Db, tenantId: string, id: string): Promise<VoucherRow | null> {
  const [row] = await db
    .select({ voucher: vouchers, codesGenerated })
    .from(vouchers)
    .where(and(ownedBy(vouchers, tenantId), eq(vouchers.id, id)))
    .limit(1);
  return row ? { ...row.voucher, codesGenerated: row.codesGenerated } : null;
}

/** The voucher row locked for a change that must see its redemptions as they stand. */
export function lockById(tx: Db, tenantId: string, id: string) {
  return ownedRowWhere(tx, vouchers, tenantId, eq(vouchers.id, id), { lock: true });
}

type Referenced = typeof outlets | typeof products | typeof categories;

/**
 * The ids of `ids` that are the tenant's rows of `table`, in their order, as a uuid[] read in the
 * write's own statement: another tenant's id is never stored (the service has refused it by then).
 */
function ownedArray(table: Referenced, tenantId: string, ids: string[]): SQL {
  if (ids.length === 0) return sql`'{}'::uuid[]`;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`array(select x.id from unnest(array[${list}]) with ordinality as x(id, n)
    where exists (select 1 from ${table} o where o.id = x.id and ${tenantIs('o', tenantId)})
    order by x.n)`;
}

/** The values as written: every id they name checked to be the tenant's in the statement. */
function ownedValues(tenantId: string, values: VoucherValues) {
  const freeItemTable = values.freeItemKind === 'category' ? categories : products;
  return {
    ...values,
    outletIds: ownedArray(outlets, tenantId, values.outletIds ?? []),
    productIds: ownedArray(products, tenantId, values.productIds ?? []),
    categoryIds: ownedArray(categories, tenantId, values.categoryIds ?? []),
    freeItemId: values.freeItemId ? ownedId(freeItemTable, tenantId, values.freeItemId) : null,
  };
}

export async function insert(tx: Db, tenantId: string, values: VoucherValues): Promise<string> {
  return insertedId(
    tx
      .insert(vouchers)
      .values({ ...ownedValues(tenantId, values), tenantId })
      .returning({ id: vouchers.id }),
  );
}

export async function update(tx: Db, tenantId: string, id: string, values: VoucherValues) {
  await updateOwnedRow(tx, vouchers, tenantId, id, ownedValues(tenantId, values));
}

/** Deletes the voucher; its unique codes go with it (ON DELETE CASCADE). */
export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, vouchers, tenantId, id);
}

/** Whether any order has redeemed the voucher (even if given back since: the order names it). */
export async function hasRedemptions(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<boolean>`true` })
    .from(voucherRedemptions)
    .where(and(ownedBy(voucherRedemptions, tenantId), eq(voucherRedemptions.voucherId, id)))
    .limit(1);
  return Boolean(row);
}

/** Whether `code` is one of the tenant's generated unique codes. */
export async function uniqueCodeExists(db: Db, tenantId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<boolean>`true` })
    .from(voucherCodes)
    .where(and(ownedBy(voucherCodes, tenantId), eq(voucherCodes.code, code)))
    .limit(1);
  return Boolean(row);
}

/** Which of `ids` are rows of the tenant in `table` (outlets, products or categories). */
export async function ownedIds(
  db: Db,
  tenantId: string,
  kind: 'outlet' | 'product' | 'category',
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const table: Referenced = { outlet: outlets, product: products, category: categories }[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(ownedBy(table, tenantId), inArray(table.id, ids)));
  return rows.map((r) => r.id);
}
