import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, createdAt, updatedAt, ts } from './columns';
import { userColumn, users } from './access';
import { outlets, tenants } from './tenancy';

// Cross-cutting records: the audit log, idempotency keys, app settings, notifications,
// the e-mail outbox and server secrets.

/**
 * Append-only: migration 0006 adds a trigger that refuses UPDATE and DELETE, so no code path
 * (and no API route: there is none) can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    // No foreign keys: the trail outlives the users and rows it describes.
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // A user's recent activity (/settings/user/view/:id) and the "actor" filter of the log.
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    // "user:<id>" or "customer:<id>": a key is private to the one who sent it.
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    // in_flight, completed, or kept: the answer is gone but the key stays with its body's hash.
    status: text('status').notNull().default('in_flight'),
    // The handler stored the key with a business row (an order, a shift, a refund…), so the
    // key is never free again: the row outlives the 24 hours its answer is replayed for.
    keptWithRow: boolean('kept_with_row').notNull().default(false),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    unique('idempotency_keys_scope_key_unique').on(t.scope, t.key),
    // Housekeeping reads only the rows it may still delete or prune.
    index('idempotency_keys_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} <> 'kept'`),
  ],
);

/** GET /api/app/settings entries: platform defaults (tenant_id null), then tenant overrides. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    value: jsonb('value'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('app_settings_tenant_code_unique').on(t.tenantId, t.code).nullsNotDistinct()],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    // Audience: a user, else an outlet's staff, else everyone in the tenant.
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member whose action it tells of: not told back to them. Null: a customer, a
     * provider or the system. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    idOrder: uuid('id_order'),
    /** English text, shown when the web has no translation for `titleKey`. */
    title: text('title').notNull(),
    body: text('body'),
    /** What the web translates (en, my): `notify.<key>.title` and `.body` with `params`. */
    titleKey: text('title_key'),
    params: jsonb('params').$type<Record<string, string | number | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** Read state per user: an outlet-wide notification is read separately by each staff member. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: userColumn(),
    tenantId: uuid('tenant_id'),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** E-mails: sent through SMTP when configured, otherwise kept here (and logged). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Server-generated secrets (the JWT key when JWT_SECRET is not set), shared by all instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
