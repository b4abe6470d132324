import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BannerImage } from '@kopi/contract';
import { id, createdAt, updatedAt, ts } from './columns';
import { outletColumn, tenantColumn } from './tenancy';

// The customer app's home-screen banners, per tenant.

export const banners = pgTable(
  'banners',
  {
    id: id(),
    tenantId: tenantColumn(),
    titleEn: text('title_en').notNull(),
    // Null (or empty): the English title shows in Malay too.
    titleMy: text('title_my'),
    /** The stored sizes (WebP and JPEG each) under DATA_DIR/uploads/banners; null before upload. */
    image: jsonb('image').$type<BannerImage>(),
    targetType: text('target_type').notNull().default('none'),
    // No foreign key: it names a product, category, outlet or voucher by `target_type`. A target deleted
    // later leaves the banner tapping nowhere (the app gets target type none).
    targetId: uuid('target_id'),
    targetUrl: text('target_url'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    allOutlets: boolean('all_outlets').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('banners_tenant_order_idx').on(t.tenantId, t.sortOrder),
    check('banners_status_check', sql`${t.status} in ('active', 'inactive')`),
    check(
      'banners_target_check',
      sql`(${t.targetType} = 'none' and ${t.targetId} is null and ${t.targetUrl} is null)
        or (${t.targetType} in ('product', 'category', 'outlet', 'voucher') and ${t.targetId} is not null and ${t.targetUrl} is null)
        or (${t.targetType} = 'url' and ${t.targetId} is null and ${t.targetUrl} like 'https://%')`,
    ),
    check(
      'banners_schedule_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** The outlets a banner shows at, when it is not for all outlets. */
export const bannerOutlets = pgTable(
  'banner_outlets',
  {
    bannerId: uuid('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    outletId: outletColumn(),
    tenantId: tenantColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.bannerId, t.outletId] }),
    index('banner_outlets_outlet_idx').on(t.outletId),
  ],
);
