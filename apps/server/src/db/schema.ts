import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
    legalName: text('legal_name'),
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
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    servingMethods: jsonb('serving_methods')
      .$type<string[]>()
      .notNull()
      .default(['dine_in', 'pick_up']),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    acceptingOrders: boolean('accepting_orders').notNull().default(true),
    // Weekly hours as the contract's weeklyHoursSchema (day 0 = Sunday, several ranges a day):
    // always read and written whole, and fed as is to outletOpenState.
    hours: jsonb('hours')
      .$type<{ day: number; ranges: { open: string; close: string }[] }[]>()
      .notNull()
      .default([]),
    lastOrderMinutes: integer('last_order_minutes').notNull().default(0),
    // The status board turns a card amber, then red, when an order waits this long (minutes).
    boardAmberMinutes: integer('board_amber_minutes').notNull().default(5),
    boardRedMinutes: integer('board_red_minutes').notNull().default(10),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('outlets_tenant_code_unique').on(t.tenantId, t.code),
    check('outlets_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('outlets_delivery_fee_check', sql`${t.deliveryFee} >= 0`),
  ],
);

/** Dates an outlet is closed (public holidays, renovation), inclusive, in the outlet's zone. */
export const outletClosures = pgTable(
  'outlet_closures',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('outlet_closures_outlet_idx').on(t.outletId, t.fromDate),
    check('outlet_closures_range_check', sql`${t.fromDate} <= ${t.toDate}`),
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
    // A platform user working inside a tenant (POST /api/tenants/{id}/enter): every
    // tenant-scoped call of this session acts in it.
    actingTenantId: uuid('acting_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
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

// ---- Catalogue (issue 4) ----------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The import finds a category by its English name, so it must be unambiguous.
    uniqueIndex('categories_tenant_name_unique').on(t.tenantId, sql`lower(${t.nameEn})`),
    index('categories_tenant_order_idx').on(t.tenantId, t.sortOrder),
    check('categories_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    // Restrict: a category with products cannot be deleted, only disabled.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    description: text('description'),
    status: text('status').notNull().default('active'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    basePrice: integer('base_price').notNull(),
    discountedPrice: integer('discounted_price'),
    // Set by the orders module when an order references the product: it can then only be archived.
    hasSales: boolean('has_sales').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_tenant_sku_unique').on(t.tenantId, sql`lower(${t.sku})`),
    uniqueIndex('products_tenant_barcode_unique')
      .on(t.tenantId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    // The list sorts by these within a tenant.
    index('products_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('products_tenant_price_idx').on(t.tenantId, t.basePrice, t.id),
    index('products_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('products_tenant_category_idx').on(t.tenantId, t.categoryId),
    check('products_status_check', sql`${t.status} in ('active', 'disabled', 'archived')`),
    check('products_price_check', sql`${t.basePrice} >= 0`),
    check(
      'products_discount_check',
      sql`${t.discountedPrice} is null or (${t.discountedPrice} >= 0 and ${t.discountedPrice} < ${t.basePrice})`,
    ),
  ],
);

/** Stored twice: a display size and a thumbnail (WebP), both under DATA_DIR/uploads/products. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.sortOrder),
    uniqueIndex('product_images_one_main')
      .on(t.productId)
      .where(sql`${t.isMain}`),
  ],
);

export const variantGroups = pgTable(
  'variant_groups',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    minSelect: integer('min_select').notNull().default(0),
    maxSelect: integer('max_select').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('variant_groups_tenant_idx').on(t.tenantId)],
);

export const variantOptions = pgTable(
  'variant_options',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => variantGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('variant_options_group_idx').on(t.groupId, t.sortOrder)],
);

export const addons = pgTable(
  'addons',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addons_tenant_idx').on(t.tenantId),
    check('addons_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('addons_price_check', sql`${t.price} >= 0`),
  ],
);

/** Products ↔ library: the order is the order the POS shows them in. Restrict: in use → 409. */
export const productVariantGroups = pgTable(
  'product_variant_groups',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => variantGroups.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.groupId] }),
    index('product_variant_groups_group_idx').on(t.groupId),
  ],
);

export const productAddons = pgTable(
  'product_addons',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addonId: uuid('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.addonId] }),
    index('product_addons_addon_idx').on(t.addonId),
  ],
);

/**
 * Per-outlet settings of a product. No row means available at the product's price and not sold
 * out, so new outlets and new products need no rows. `sold_out_date` is the outlet's business
 * date when it was marked sold out: it stops counting at the next business day by itself.
 */
export const productOutlets = pgTable(
  'product_outlets',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(true),
    priceOverride: integer('price_override'),
    soldOutDate: date('sold_out_date', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.outletId] }),
    index('product_outlets_outlet_idx').on(t.outletId),
    check(
      'product_outlets_price_check',
      sql`${t.priceOverride} is null or ${t.priceOverride} >= 0`,
    ),
  ],
);

// ---- Orders (issue 5) -------------------------------------------------------------------------

/**
 * An order with its money figures (integer sen, priced by the contract's priceOrder) and the
 * details the list shows denormalised on the row (payment methods), so the list reads one table.
 * Outlets and products are referenced without cascade: an outlet or product with orders cannot be
 * deleted (the catalogue answers outlet_in_use / product_has_sales).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    /** `KL01-0042`: the outlet code and the number of the order in its business day. */
    orderNo: text('order_no').notNull(),
    seq: integer('seq').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    tableNo: text('table_no'),
    deliveryAddress: text('delivery_address'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    // A snapshot: the receipt keeps the cashier's name even after the user is removed.
    staffName: text('staff_name'),
    status: text('status').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    serviceCharge: integer('service_charge').notNull().default(0),
    serviceTax: integer('service_tax').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    rounding: integer('rounding').notNull().default(0),
    total: integer('total').notNull(),
    paid: integer('paid').notNull().default(0),
    changeDue: integer('change_due').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    /** Set when a paid order is rejected: what the refunds issue still has to pay back. */
    refundDue: integer('refund_due').notNull().default(0),
    paymentMethods: text('payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A counter sale the cashier confirmed outside opening hours. */
    outsideHours: boolean('outside_hours').notNull().default(false),
    /** The Idempotency-Key of the request that created it: the last line against double orders. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_tenant_business_date_idx').on(
      t.tenantId,
      t.businessDate.desc(),
      t.createdAt.desc(),
    ),
    // One outlet's orders by status and day (a bound user's list, the day close), with the payment
    // methods in the index: counting a month of its card sales reads a third of the entries that
    // the date-first index below does (issue 8: 17 ms → 6 ms at a million orders).
    index('orders_tenant_outlet_status_day_idx').on(
      t.tenantId,
      t.outletId,
      t.status,
      t.businessDate,
      t.paymentMethods,
    ),
    // The order list's default sort (newest first) and its deep pages (issue 8, at 1M orders).
    index('orders_tenant_created_idx').on(
      t.tenantId,
      // NULLS FIRST is what a plain ORDER BY … DESC means: the index serves it (and its reverse).
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's filters within a date range, all in the index: counting a month of one outlet's
    // card sales at a million orders reads no table pages (issue 8).
    index('orders_tenant_day_filters_idx').on(
      t.tenantId,
      t.businessDate,
      t.outletId,
      t.status,
      t.source,
      t.servingMethod,
      t.paymentMethods,
    ),
    // Orders not finished yet (the dashboard's open orders): a small index whatever the history.
    index('orders_open_idx')
      .on(t.tenantId, t.outletId, t.status)
      .where(sql`${t.status} in ('CREATED', 'PENDING', 'APPROVED')`),
    index('orders_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    // The list's search (`q`: number, customer name or phone, anywhere in them) as trigrams, so
    // it is an index lookup instead of reading every order (issue 8: 1.5 s at a million orders).
    // The expression is `orderSearchText` in orders.repo.ts, and must stay the same.
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(${t.orderNo} || E'\\n' || coalesce(${t.customerName}, '') || E'\\n' || coalesce(${t.customerPhone}, '')) gin_trgm_ops`,
    ),
    unique('orders_outlet_day_seq_unique').on(t.outletId, t.businessDate, t.seq),
    uniqueIndex('orders_tenant_idempotency_key_unique')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('orders_source_check', sql`${t.source} in ('pos-apps', 'mobile-apps')`),
    check(
      'orders_serving_method_check',
      sql`${t.servingMethod} in ('dine_in', 'pick_up', 'delivery')`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('CREATED', 'PENDING', 'APPROVED', 'COMPLETED', 'CLOSED', 'REJECTED')`,
    ),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.total} >= 0 and ${t.paid} >= 0 and ${t.refunded} >= 0 and ${t.refundDue} >= 0`,
    ),
  ],
);

/** One line of an order: a snapshot of the product, its options and add-ons as sold. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    options: jsonb('options')
      .$type<{ id: string; group: string; name: string; price: number }[]>()
      .notNull()
      .default([]),
    addons: jsonb('addons')
      .$type<{ id: string; name: string; price: number }[]>()
      .notNull()
      .default([]),
    notes: text('notes'),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.lineNo),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const orderPayments = pgTable(
  'order_payments',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    tendered: integer('tendered'),
    changeGiven: integer('change_given').notNull().default(0),
    reference: text('reference'),
    status: text('status').notNull().default('paid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.lineNo),
    check(
      'order_payments_method_check',
      sql`${t.method} in ('cash', 'card', 'duitnow_qr', 'tng', 'grabpay', 'boost', 'shopeepay')`,
    ),
    check('order_payments_status_check', sql`${t.status} in ('paid', 'refunded')`),
    check('order_payments_amount_check', sql`${t.amount} >= 0 and ${t.changeGiven} >= 0`),
  ],
);

/** Every status an order went through, with who moved it, when and why (DESIGN §4). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * The order number counter of an outlet's business day, incremented in the order's transaction
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING), so numbers never repeat. `closed_at` is set by
 * the day close under the same row lock: a sale racing the close either lands before it or is
 * refused.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastNo: integer('last_no').notNull().default(0),
    closedAt: ts('closed_at'),
  },
  (t) => [primaryKey({ columns: [t.outletId, t.businessDate] })],
);

/** The Z-report kept by the day close of an outlet's business day (one per outlet and date). */
export const zReports = pgTable(
  'z_reports',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    orders: integer('orders').notNull(),
    rejected: integer('rejected').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    serviceCharge: integer('service_charge').notNull(),
    serviceTax: integer('service_tax').notNull(),
    deliveryFees: integer('delivery_fees').notNull(),
    rounding: integer('rounding').notNull(),
    total: integer('total').notNull(),
    byPaymentMethod: jsonb('by_payment_method')
      .$type<{ method: string; count: number; amount: number }[]>()
      .notNull(),
    expectedCash: integer('expected_cash').notNull(),
  },
  (t) => [unique('z_reports_outlet_date_unique').on(t.outletId, t.businessDate)],
);

// ---- Customers, the mobile app and online payments (issue 6) ----------------------------------

/**
 * People who order from the chain's app (DESIGN §10). Not staff: they never sign in to the back
 * office. One account per phone number and tenant; the phone is E.164 (`+60123456789`).
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    birthday: date('birthday', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    tier: text('tier'),
    points: integer('points').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    /** Null until the 6-digit code sent to the phone is entered: sign-in is refused until then. */
    phoneVerifiedAt: ts('phone_verified_at'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_phone_unique').on(t.tenantId, t.phone),
    unique('customers_tenant_referral_code_unique').on(t.tenantId, t.referralCode),
    check('customers_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('customers_points_check', sql`${t.points} >= 0`),
  ],
);

/**
 * A customer's sign-in: an opaque bearer token (only its SHA-256 is kept) with an absolute expiry.
 * Separate from staff sessions, so neither kind of token opens the other's routes.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/** 6-digit phone verification codes: hashed, short-lived, a few attempts each. */
export const customerVerificationCodes = pgTable(
  'customer_verification_codes',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_verification_codes_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Which customer placed an app order. A table of its own because orders (issue 5) has no
 * customer column; one row per mobile order, read by the customer's order list.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('customer_orders_customer_idx').on(t.tenantId, t.customerId, t.createdAt)],
);

/**
 * A payment started with a provider for an order: `pending` until the provider's signed callback
 * says `paid` or `failed`. The amount is fixed when it starts; a callback must match it.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('payment_intents_order_idx').on(t.orderId),
    check('payment_intents_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('payment_intents_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Every provider notification processed, by the provider's event id: a replayed callback finds
 * its row and changes nothing (the row commits with the effect, so a failed one can be retried).
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id'),
    status: text('status').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [unique('payment_callbacks_provider_event_unique').on(t.provider, t.eventId)],
);

// ---- Report rollups (issue 8, decision 021) ---------------------------------------------------
// Kept by statement triggers on orders, order_items and order_payments (migration 0007), in the
// writing transaction, so every writer keeps them right without code of its own. Sales are orders
// in PENDING, APPROVED, COMPLETED or CLOSED; REJECTED ones are counted apart. Money in sen.

/**
 * Sales per business day × outlet × source × serving method × payment method. The payment
 * method is the order's one method, `split` when it was paid with several, `none` when unpaid.
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    serviceCharge: bigint('service_charge', { mode: 'number' }).notNull().default(0),
    serviceTax: bigint('service_tax', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    rounding: bigint('rounding', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedTotal: bigint('rejected_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sales_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod, t.paymentMethod],
    }),
  ],
);

/** Payment lines of sales per business day × outlet × source × serving method × method. */
export const salesPaymentRollups = pgTable(
  'sales_payment_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    method: text('method').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sales_payment_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod, t.method],
    }),
  ],
);

/** Lines of sales per business day × outlet × product: quantity and line totals. */
export const productSalesRollups = pgTable(
  'product_sales_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'product_sales_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.productId],
    }),
  ],
);

/**
 * sales_rollups without the payment method: what reports by day, outlet, source and serving
 * method read (a sixth of the rows). Kept from sales_rollups by a row trigger (migration 0010).
 */
export const salesChannelRollups = pgTable(
  'sales_channel_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    orders: integer('orders').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    serviceCharge: bigint('service_charge', { mode: 'number' }).notNull().default(0),
    serviceTax: bigint('service_tax', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    rounding: bigint('rounding', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedTotal: bigint('rejected_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sales_channel_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod],
    }),
  ],
);

/**
 * product_sales_rollups by calendar month (`month` is its first day): a year by product reads
 * twelve months instead of 365 days. Kept from product_sales_rollups by a row trigger (0010).
 */
export const productMonthRollups = pgTable(
  'product_month_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'product_month_rollups_pk',
      columns: [t.tenantId, t.month, t.outletId, t.productId],
    }),
  ],
);
