import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The database schema. Migrations in apps/server/drizzle are generated from this file with
// `npm run db:generate -w @kopi/server` and committed; they are the truth for what runs.
// Every tenant-owned table carries tenant_id (DESIGN §2) so queries can always filter by it.

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    plan: text('plan').notNull().default('basic'),
    status: text('status').notNull().default('active'),
    sstRegistrationNo: text('sst_registration_no'),
    tin: text('tin'),
    brn: text('brn'),
    serviceTaxRateBp: integer('service_tax_rate_bp').notNull().default(600),
    serviceTaxOnServiceCharge: boolean('service_tax_on_service_charge').notNull().default(true),
    serviceChargeRateBp: integer('service_charge_rate_bp').notNull().default(1000),
    serviceChargeMethods: jsonb('service_charge_methods')
      .$type<string[]>()
      .notNull()
      .default(['dine_in']),
    cashRounding: boolean('cash_rounding').notNull().default(true),
    timezone: text('timezone').notNull().default('Asia/Kuala_Lumpur'),
    businessDayCutoffHour: smallint('business_day_cutoff_hour').notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'tenants_status_check',
      sql`${t.status} in ('active', 'trial', 'suspended', 'pending_payment')`,
    ),
    check('tenants_cutoff_check', sql`${t.businessDayCutoffHour} between 0 and 23`),
  ],
);

export const outlets = pgTable(
  'outlets',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    status: text('status').notNull().default('active'),
    timezone: text('timezone').notNull().default('Asia/Kuala_Lumpur'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('outlets_tenant_code_unique').on(t.tenantId, t.code),
    check('outlets_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

/** The permission catalogue, synchronised from the contract at every start. */
export const permissions = pgTable('permissions', {
  permission: text('permission').primaryKey(),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  area: text('area').notNull(),
  isPlatform: boolean('is_platform').notNull().default(false),
  createdAt: createdAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: id(),
    // null: a platform role (superadmin), not owned by a tenant.
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isBuiltin: boolean('is_builtin').notNull().default(false),
    // An immutable role (superadmin) cannot be edited or deleted through the API.
    isImmutable: boolean('is_immutable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('roles_tenant_name_unique').on(t.tenantId, t.name).nullsNotDistinct()],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissions.permission, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    // null: a platform user (superadmin).
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    fullname: text('fullname').notNull(),
    email: text('email'),
    avatar: text('avatar'),
    idOutlet: uuid('id_outlet').references(() => outlets.id, { onDelete: 'set null' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status').notNull().default('active'),
    language: text('language').notNull().default('en'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    isVerify: boolean('is_verify').notNull().default(false),
    kycStatus: text('kyc_status'),
    kycRejectionReason: text('kyc_rejection_reason'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: ts('password_changed_at'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    twoStepSecret: text('two_step_secret'),
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    // The last accepted TOTP time step, so a code cannot be used twice.
    twoStepLastStep: integer('two_step_last_step'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_tenant_idx').on(t.tenantId),
    check('users_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('users_language_check', sql`${t.language} in ('en', 'my')`),
  ],
);

/** A session is a refresh-token family: one sign-in, rotated tokens, one absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every refresh token a family has issued; a rotated one presented again revokes the family. */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [index('session_tokens_session_idx').on(t.sessionId)],
);

/** Per-username sign-in backoff, in the database so it survives restarts and spans instances. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  nextAllowedAt: ts('next_allowed_at').notNull().defaultNow(),
  lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => menuItems.id, {
      onDelete: 'cascade',
    }),
    // Translation key, e.g. menu.dashboard; title_en / title_my are what the key resolves to.
    title: text('title').notNull().unique(),
    titleEn: text('title_en').notNull(),
    titleMy: text('title_my').notNull(),
    icon: text('icon'),
    path: text('path'),
    action: text('action'),
    subject: text('subject'),
    sortOrder: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_items_parent_idx').on(t.parentId)],
);

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
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    // "<tenant or platform>:<user>": a key is private to the user who sent it.
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    unique('idempotency_keys_scope_key_unique').on(t.scope, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
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
    idOrder: uuid('id_order'),
    title: text('title').notNull(),
    body: text('body'),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_step_recovery_codes_user_idx').on(t.userId)],
);

/** Server-generated secrets (the JWT key when JWT_SECRET is not set), shared by all instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
