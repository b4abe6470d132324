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
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ts } from './columns';
import { outlets, tenants } from './tenancy';

// Staff: users, roles and permissions, sessions and sign-in protection, the menu tree.

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
    /** The argon2id hash of the 4–6 digit PIN a manager approves with at the till. */
    pinHash: text('pin_hash'),
    pinSetAt: ts('pin_set_at'),
    /** A PIN locked after repeated failures on any device; setting it again unlocks it. */
    pinLockedAt: ts('pin_locked_at'),
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

/** A user's own row (sessions, tokens, codes, read marks): goes with the user. */
export const userColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A session is a refresh-token family: one sign-in, rotated tokens, one absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: userColumn(),
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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: userColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Who asked for the link. */
    ip: text('ip'),
    /**
     * Where the link was used to choose a password (null while unused or when replaced): the
     * owner of the mailbox was there, so signing in from it is counted apart (decision 029).
     */
    usedIp: text('used_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: id(),
    userId: userColumn(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_step_recovery_codes_user_idx').on(t.userId)],
);
