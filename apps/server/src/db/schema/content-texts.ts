import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { tenantColumn } from './tenancy';

// The customer app's texts (decision 042): the platform's default wording of each key, and a
// tenant's own wording where it has one. A text's effective wording is the tenant's, else the
// platform's, language by language; Malay falls back to English when both are empty.

/** The texts the app knows, by key, with the platform's wording. No tenant: the platform's. */
export const contentTextDefaults = pgTable(
  'content_text_defaults',
  {
    // What the app's code asks for; fixed once created (overrides and the audit trail name it).
    key: text('key').primaryKey(),
    /** For the people editing it: where the app shows the text. */
    description: text('description').notNull().default(''),
    /** The description in Malay; empty: Malay screens show the English one. */
    descriptionMy: text('description_my').notNull().default(''),
    format: text('format').notNull().default('plain'),
    textEn: text('text_en').notNull(),
    /** Empty: the app shows the English wording. */
    textMy: text('text_my').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('content_text_defaults_format_check', sql`${t.format} in ('plain', 'markdown')`),
    check('content_text_defaults_key_check', sql`${t.key} ~ '^[a-z][a-z0-9_]{1,62}$'`),
  ],
);

/**
 * A tenant's own wording of a text: null in a language keeps the platform's. A row with neither
 * language is not kept (resetting deletes it).
 */
export const contentTextOverrides = pgTable(
  'content_text_overrides',
  {
    id: id(),
    tenantId: tenantColumn(),
    key: text('key')
      .notNull()
      .references(() => contentTextDefaults.key, { onDelete: 'cascade' }),
    textEn: text('text_en'),
    textMy: text('text_my'),
    /** Who saved it last, as their username then (the audit trail has every change). */
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('content_text_overrides_tenant_key_unique').on(t.tenantId, t.key),
    index('content_text_overrides_key_idx').on(t.key),
    check(
      'content_text_overrides_some_text_check',
      sql`${t.textEn} is not null or ${t.textMy} is not null`,
    ),
  ],
);
