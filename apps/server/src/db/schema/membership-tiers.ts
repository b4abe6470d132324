import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { tenantColumn } from './tenancy';

// A customer row names its tier, and the tiers name no customer: the tiers live apart from the
// ledgers (loyalty.ts), which name the customer.

/** Membership tiers: reached at `threshold` points or sen spent over a rolling 12 months. */
export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: id(),
    tenantId: tenantColumn(),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my').notNull(),
    threshold: integer('threshold').notNull(),
    /** Points per RM 1 in hundredths: 150 earns 1.5 points per ringgit. */
    pointsPerRm: integer('points_per_rm').notNull().default(100),
    colour: text('colour').notNull(),
    benefitsEn: text('benefits_en').notNull().default(''),
    benefitsMy: text('benefits_my').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('membership_tiers_tenant_threshold_unique').on(t.tenantId, t.threshold),
    check('membership_tiers_threshold_check', sql`${t.threshold} >= 0`),
    check('membership_tiers_points_check', sql`${t.pointsPerRm} >= 0`),
  ],
);
