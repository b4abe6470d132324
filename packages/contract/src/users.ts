import { z } from 'zod';
import { tenantFilterSchema } from './audit-log';
import { staffIdentityShape } from './auth';
import { listQuerySchema } from './common';
import { localeSchema } from './locale';
import {
  messageKey,
  optionalEmail,
  passwordSchema,
  requiredString,
  requiredWhen,
  text,
} from './validation';

// Staff users (/settings/user, /settings/user/view/:id; /api/users, subject user).
//
//   GET    /api/users                              read-user    list (search, filters, paging)
//   GET    /api/users/{id}                         read-user    profile + effective permissions
//   POST   /api/users                              create-user  create; sets up the password
//   PUT    /api/users/{id}                         update-user  edit (drawer)
//   DELETE /api/users/{id}                         delete-user  only a user with no history
//   POST   /api/users/{id}/disable | /enable       update-user  disabling ends every session
//   POST   /api/users/{id}/reset-password          update-user  e-mailed link or temporary password
//   GET    /api/users/{id}/sessions                read-user    live sessions
//   DELETE /api/users/{id}/sessions/{sessionId}    update-user  end one session
//   POST   /api/users/{id}/sessions/revoke-all     update-user  end every session
//   GET    /api/users/{id}/activity                read-user    what the user did (audit log)
//   GET    /api/users/options                      read-user    roles and outlets for the drawer
//
// Scope comes from the session: tenant staff see their tenant's users (another tenant's or a
// platform user's id is a 404); staff bound to an outlet see only users of that outlet. A
// platform superadmin outside any tenant sees every user (filter with `tenant_id`) and creates
// platform users; inside a tenant (POST /api/tenants/{id}/enter) works on that tenant's users.
//
// Guards (answers in errors.ts): you cannot disable or delete yourself (self_disable,
// self_delete); you can only assign a role whose permissions you all hold yourself
// (permission_escalation) and only manage users whose role you could assign
// (target_outranks_you); moving yourself to a role that lacks a role-management permission you
// hold (create/read/update/delete-role-permission) is refused (role_self_lockout).

export const userStatusSchema = z.enum(['active', 'disabled']);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Usernames sign in across every tenant, so they are unique platform-wide (case-insensitive). */
export const usernameSchema = requiredString(64)
  .min(3, { error: messageKey('min_length', { min: 3 }) })
  .regex(/^[A-Za-z0-9._-]+$/, { error: messageKey('pattern', { pattern: 'A-Z a-z 0-9 . _ -' }) });

/** A row of the user list. */
export const staffUserSchema = z.object({
  ...staffIdentityShape,
  role_id: text(),
  role_name: text(),
  /** The outlet the user is bound to; null means all outlets of the tenant. */
  id_outlet: text().nullable(),
  outlet_name: text().nullable(),
  /** null for platform users (superadmin). */
  tenant_id: text().nullable(),
  tenant_name: text().nullable(),
  status: userStatusSchema,
  language: localeSchema,
  last_sign_in_at: text().nullable(),
  /** Signed in with a temporary password that must be changed first. */
  must_change_password: z.boolean(),
  two_step_enabled: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** GET /api/users/{id}: the row plus the role's permissions and how many sessions are live. */
export const staffUserDetailSchema = staffUserSchema.extend({
  /** Effective permissions: the role's strings, sorted. */
  permissions: z.array(text()),
  active_sessions: z.number().int(),
  is_verify: z.boolean(),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

/** Sort keys of the user list; a leading `-` sorts descending. Default `username`. */
export const userSortKeys = ['username', 'fullname', 'last_sign_in_at', 'created_at'] as const;

export const userListQuerySchema = listQuerySchema.extend({
  status: userStatusSchema.optional(),
  role_id: z.uuid().optional(),
  /** An outlet's id, or `all` for users not bound to one (they work in every outlet). */
  id_outlet: z.union([z.uuid(), z.literal('all')]).optional(),
  /** Platform users only (ignored for tenant staff, whose tenant comes from the session). */
  tenant_id: tenantFilterSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * How a user gets a password: an e-mailed single-use link (through the outbox, valid 24 hours),
 * or a temporary password that must be changed at the next sign-in (`must_change_password`).
 * Without `password` the server generates one and answers it once.
 */
export const passwordSetupSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email') }),
  z.object({ method: z.literal('temporary'), password: passwordSchema.optional() }),
]);
export type PasswordSetup = z.infer<typeof passwordSetupSchema>;

/** The answer of a password set-up: the temporary password is shown once, never stored plain. */
export const passwordSetupResultSchema = z.object({
  method: z.enum(['email', 'temporary']),
  /** Only when the server generated it (method `temporary` without `password`). */
  temporary_password: text().nullable(),
  /** Where the link went (method `email`). */
  email_sent_to: text().nullable(),
  /** Sessions ended: a temporary password signs the user out everywhere. */
  sessions_ended: z.number().int(),
});
export type PasswordSetupResult = z.infer<typeof passwordSetupResultSchema>;

/** PUT /api/users/{id} (the drawer). The tenant is never sent: it comes from the session. */
export const userInputSchema = z.object({
  username: usernameSchema,
  fullname: requiredString(120),
  /** Empty means none. Required when the password is set up by e-mail. */
  email: optionalEmail.optional(),
  role_id: z.uuid({ error: messageKey('required') }),
  /** null: all outlets. Must be an outlet of the tenant; platform users have none. */
  id_outlet: z.uuid().nullable().default(null),
  status: userStatusSchema.default('active'),
  language: localeSchema.default('en'),
});
export type UserInput = z.input<typeof userInputSchema>;

/** POST /api/users: the drawer's fields plus how the first password is set. */
export const userCreateSchema = userInputSchema
  .extend({ password_setup: passwordSetupSchema })
  .check(requiredWhen('email', (v) => v.password_setup.method === 'email'));
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** POST /api/users answers the created user and the outcome of its password set-up. */
export const userCreatedSchema = staffUserDetailSchema.extend({
  password_setup: passwordSetupResultSchema,
});

/** POST /api/users/{id}/disable and /enable. */
export const userStatusChangeSchema = staffUserSchema.extend({
  /** Sessions ended by disabling (0 for enable). */
  sessions_ended: z.number().int(),
});

/** GET /api/users/{id}/sessions: the user's live sign-ins (refresh-token families). */
export const userSessionSchema = z.object({
  id: text(),
  created_at: text(),
  last_used_at: text().nullable(),
  expires_at: text(),
  ip: text().nullable(),
  user_agent: text().nullable(),
  /** A platform user's session working inside a tenant. */
  acting_tenant_id: text().nullable(),
  /** The caller's own session (revoking it signs the caller out). */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid(), sessionId: z.uuid() });
export const sessionsEndedSchema = z.object({ sessions_ended: z.number().int() });
export const sessionRevokedSchema = z.object({ id: text(), revoked: z.literal(true) });
export const userDeletedSchema = z.object({ id: text(), deleted: z.literal(true) });

/**
 * GET /api/users/options: what the create/edit drawer offers, in the caller's scope — the roles a
 * user may be given (`assignable` false for a role holding permissions the caller lacks: the
 * server would answer permission_escalation) and the outlets (only the caller's own for staff
 * bound to an outlet; none for platform users, who belong to no outlet). Needs only read-user, so
 * a user manager without read-role-permission or read-outlet can still fill the drawer.
 */
export const userFormOptionsSchema = z.object({
  roles: z.array(z.object({ id: text(), name: text(), assignable: z.boolean() })),
  outlets: z.array(z.object({ id: text(), code: text(), name: text() })),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;
