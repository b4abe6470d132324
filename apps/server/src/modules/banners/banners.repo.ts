import type { BannerImage, BannerState, BannerTargetType } from '@kopi/contract';
import { and, asc, eq, inArray, isNotNull, isNull, lte, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchAny, tablePage } from '../../db/list-page';
import {
  deleteOwnedRow,
  firstOwnedRow,
  insertedId,
  nextSortOrder,
  ownedIds,
  updateOwnedRow,
  writeSortOrder,
} from '../../db/owned-rows';
import { bannerOutlets, banners } from '../../db/schema/banners';
import { categories, products } from '../../db/schema/catalogue';
import { outlets } from '../../db/schema/tenancy';
import { vouchers } from '../../db/schema/vouchers';
import { ownedBy, ownedId, sameTenant, tenantIs } from '../../db/tenant-scope';

// Banners of one tenant and the outlets each shows at. Every query filters by tenant_id.

export interface BannerFilter {
  q?: string | undefined;
  state?: BannerState | undefined;
  outletId?: string | undefined;
  /** The moment `state` is measured at. */
  now: Date;
}

/**
 * The name of the banner's target, read in the tenant (null when it no longer exists). With
 * `usable`, only a target the app can open counts: an active product, category, outlet or voucher.
 * In Malay, the target's Malay name (null when it has none: outlets have only one name).
 */
const targetName = (usable: boolean, language: 'en' | 'my' = 'en') => {
  const on = (alias: string, statusOk: string) =>
    sql`${sql.raw(`${alias}.id = "banners"."target_id"`)} and ${sameTenant(alias, '"banners"')}${
      usable ? sql.raw(` and ${alias}.status = '${statusOk}'`) : sql``
    }`;
  const my = language === 'my';
  const name = (english: string, malay: string | null) => sql.raw(my ? (malay ?? 'null') : english);
  return sql<string | null>`(case "banners"."target_type"
    when 'product' then (select ${name('p.name', 'p.name_my')} from ${products} p where ${on('p', 'active')})
    when 'category' then (select ${name('c.name_en', 'c.name_my')} from ${categories} c where ${on('c', 'active')})
    when 'outlet' then (select ${name('o.name', null)} from ${outlets} o where ${on('o', 'active')})
    when 'voucher' then (select ${name('v.name_en', 'v.name_my')} from ${vouchers} v where ${on('v', 'active')})
  end)`;
};

/** What the app shows of a banner, and the back office too. */
const shown = {
  id: banners.id,
  titleEn: banners.titleEn,
  titleMy: banners.titleMy,
  image: banners.image,
  targetType: banners.targetType,
  targetId: banners.targetId,
  targetUrl: banners.targetUrl,
};

const columns = {
  ...shown,
  targetLabel: targetName(false),
  targetLabelMy: targetName(false, 'my'),
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  allOutlets: banners.allOutlets,
  sortOrder: banners.sortOrder,
  status: banners.status,
  updatedAt: banners.updatedAt,
};
export type BannerRow = {
  id: string;
  titleEn: string;
  titleMy: string | null;
  image: BannerImage | null;
  targetType: string;
  targetId: string | null;
  targetUrl: string | null;
  targetLabel: string | null;
  targetLabelMy: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  allOutlets: boolean;
  sortOrder: number;
  status: string;
  updatedAt: Date;
};

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const active = eq(banners.status, 'active');
const started = (now: Date) => or(isNull(banners.startsAt), lte(banners.startsAt, at(now)));
const notEnded = (now: Date) => or(isNull(banners.endsAt), gt(banners.endsAt, at(now)));

/** The banners in `state` at `now` (the same rule as the service's `stateOf`). */
function inState(state: BannerState, now: Date): SQL | undefined {
  switch (state) {
    case 'live':
      return and(active, started(now), notEnded(now));
    case 'scheduled':
      return and(active, gt(banners.startsAt, at(now)), notEnded(now));
    case 'ended':
      return and(active, lte(banners.endsAt, at(now)));
    case 'inactive':
      return eq(banners.status, 'inactive');
  }
}

/** Banners shown at the outlet: all-outlet ones and those listing it. */
const shownAt = (tenantId: string, outletId: string) =>
  or(
    eq(banners.allOutlets, true),
    sql`exists (select 1 from ${bannerOutlets} bo where bo.banner_id = "banners"."id" and ${tenantIs('bo', tenantId)} and bo.outlet_id = ${outletId}::uuid)`,
  );

function where(tenantId: string, f: BannerFilter) {
  return and(
    ownedBy(banners, tenantId),
    f.state ? inState(f.state, f.now) : undefined,
    f.outletId ? shownAt(tenantId, f.outletId) : undefined,
    searchAny(f.q, [banners.titleEn, banners.titleMy]),
  );
}

const order = [asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id)];

export async function list(
  db: Db,
  tenantId: string,
  f: BannerFilter,
  limit: number,
  offset: number,
): Promise<{ rows: BannerRow[]; total: number }> {
  return tablePage(db, banners, tenantId, columns, where(tenantId, f), order, { limit, offset });
}

export const findById = (db: Db, tenantId: string, id: string): Promise<BannerRow | null> =>
  firstOwnedRow(db, banners, tenantId, columns, eq(banners.id, id));

/** The outlets each banner lists (for banners not shown at all outlets), by outlet code. */
export async function outletsOf(db: Db, tenantId: string, bannerIds: string[]) {
  if (bannerIds.length === 0) return [];
  return db
    .select({
      bannerId: bannerOutlets.bannerId,
      id: outlets.id,
      code: outlets.code,
      name: outlets.name,
    })
    .from(bannerOutlets)
    .innerJoin(outlets, and(eq(outlets.id, bannerOutlets.outletId), ownedBy(outlets, tenantId)))
    .where(and(ownedBy(bannerOutlets, tenantId), inArray(bannerOutlets.bannerId, bannerIds)))
    .orderBy(asc(outlets.code));
}

/**
 * Banners the app shows at `now`: active, within their schedule, with a picture, for every outlet
 * or (with an outlet) listing it. `targetLabel` is null when the target cannot be opened.
 */
export async function liveForApp(db: Db, tenantId: string, outletId: string | null, now: Date) {
  return db
    .select({ ...shown, targetLabel: targetName(true) })
    .from(banners)
    .where(
      and(
        ownedBy(banners, tenantId),
        inState('live', now),
        isNotNull(banners.image),
        outletId ? shownAt(tenantId, outletId) : eq(banners.allOutlets, true),
      ),
    )
    .orderBy(...order);
}

export interface BannerValues {
  titleEn: string;
  titleMy: string | null;
  targetType: BannerTargetType;
  targetId: string | null;
  targetUrl: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  allOutlets: boolean;
  status: string;
}

/** A new banner, last in the order. */
export async function insert(tx: Db, values: BannerValues & { tenantId: string }): Promise<string> {
  return insertedId(
    tx
      .insert(banners)
      .values({
        ...values,
        sortOrder: nextSortOrder(banners, values.tenantId),
      })
      .returning({ id: banners.id }),
  );
}

export async function update(
  tx: Db,
  tenantId: string,
  id: string,
  patch: Partial<BannerValues> & { image?: BannerImage | null },
) {
  await updateOwnedRow(tx, banners, tenantId, id, patch);
}

/** Replaces the outlets a banner lists; another tenant's outlet id inserts nothing. */
export async function setOutlets(tx: Db, tenantId: string, bannerId: string, outletIds: string[]) {
  await tx
    .delete(bannerOutlets)
    .where(and(ownedBy(bannerOutlets, tenantId), eq(bannerOutlets.bannerId, bannerId)));
  if (outletIds.length === 0) return;
  await tx.insert(bannerOutlets).values(
    outletIds.map((outletId) => ({
      tenantId,
      bannerId: ownedId(banners, tenantId, bannerId),
      outletId: ownedId(outlets, tenantId, outletId),
    })),
  );
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, banners, tenantId, id);
}

export const idsOfTenant = (db: Db, tenantId: string): Promise<string[]> =>
  ownedIds(db, banners, tenantId, order);

/** Sets sort_order = position (1-based) for the ids in the given order, in one statement. */
export const setOrder = (tx: Db, tenantId: string, orderedIds: string[]) =>
  writeSortOrder(tx, banners, tenantId, orderedIds);

/** Which of `ids` are the tenant's outlets. */
export async function ownedOutletIds(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(ownedBy(outlets, tenantId), inArray(outlets.id, ids)));
  return rows.map((r) => r.id);
}

/** Whether `id` is the tenant's product, category or outlet (as `type` says). */
export async function targetExists(
  db: Db,
  tenantId: string,
  type: 'product' | 'category' | 'outlet' | 'voucher',
  id: string,
): Promise<boolean> {
  const table = { product: products, category: categories, outlet: outlets, voucher: vouchers }[
    type
  ];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(ownedBy(table, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}
