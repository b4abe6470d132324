import { boolean, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns';
import { outlets, tenantColumn } from './tenancy';

// Customer-app feature switches (decision 041): the platform's catalogue of features with their
// defaults, and each tenant's switches for the whole business or one outlet.

/**
 * The platform's catalogue, one row per feature code the server knows (the contract's
 * appFeatureCodes). The superadmin edits names, descriptions, the default and the lock; the
 * code and per_outlet are the code's (the seed keeps them in step).
 */
export const appFeatures = pgTable('app_features', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameMy: text('name_my').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionMy: text('description_my').notNull().default(''),
  defaultEnabled: boolean('default_enabled').notNull(),
  /** The tenant may not change it: every tenant has the default, whatever it once switched. */
  locked: boolean('locked').notNull().default(false),
  perOutlet: boolean('per_outlet').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A tenant's switch of one feature: for the whole business (outlet_id null) or one outlet. No
 * row means "follow the level above" (the platform default, or the tenant's value).
 */
export const appFeatureSwitches = pgTable(
  'app_feature_switches',
  {
    id: id(),
    tenantId: tenantColumn(),
    featureCode: text('feature_code')
      .notNull()
      .references(() => appFeatures.code, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('app_feature_switches_tenant_feature_outlet_unique')
      .on(t.tenantId, t.featureCode, t.outletId)
      .nullsNotDistinct(),
  ],
);
