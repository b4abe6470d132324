import { z } from 'zod';
import { tenantFilterSchema } from './audit-log';
import { staffIdentityShape } from './auth';
import { listQuerySchema } from './common';
import { isKnownPermission, permissionAreas } from './permission-catalogue';
import { messageKey, requiredString, text } from './validation';

// Roles (/settings/role; /api/roles, subject role-permission) and the permission
// catalogue (/settings/permissions; /api/permissions, subject permission, platform only).
//
//   GET    /api/roles          read-role-permission    role cards: user counts, a few avatars
//   GET    /api/roles/{id}     read-role-permission
//   POST   /api/roles          create-role-permission
//   PUT    /api/roles/{id}     update-role-permission  name, description, the whole permission set
//   DELETE /api/roles/{id}     delete-role-permission  409 role_in_use while a user holds it
//   GET    /api/permissions    read-permission         the catalogue with descriptions and roles
//
// Rules (answers in errors.ts):
// - Roles belong to their tenant; a platform superadmin outside a tenant lists every role (filter
//   with `tenant_id`) and creates platform roles; inside a tenant, that tenant's roles.
// - The built-in superadmin role is immutable (role_immutable). The other built-in roles are
//   ordinary rows an admin may edit.
// - Platform permissions (subjects tenant, menu, permission) only on platform roles
//   (platform_permission_not_allowed), so only the superadmin hands them out.
// - Escalation guard: you may only give permissions you hold (permission_escalation), and only
//   edit or delete a role whose permissions you all hold (target_outranks_you).
// - No self lock-out: a change to your own role must keep every role-management permission
//   (create/read/update/delete-role-permission) you hold now (role_self_lockout).
//
// The web builds the permission matrix from the contract's `permissionCatalogue`,
// `permissionAreas`, `subjectLabels` and `actionLabels` (tenant users: entries with
// `platform: false`), and may disable the boxes of permissions the signed-in user lacks.

/**
 * The permissions a user must keep on their own role, of those they hold: every action on roles.
 * Losing create or delete would not lock them out of the page, but it is still a power only
 * another administrator could give back.
 */
export const ROLE_MANAGEMENT_PERMISSIONS = [
  'create-role-permission',
  'read-role-permission',
  'update-role-permission',
  'delete-role-permission',
] as const;

/** Up to four holders of a role, for the avatars on its card (who they are, without e-mail). */
export const roleUserPreviewSchema = z.object(staffIdentityShape).omit({ email: true });

export const roleSchema = z.object({
  id: text(),
  name: text(),
  description: text().nullable(),
  /** null: a platform role (superadmin). */
  tenant_id: text().nullable(),
  tenant_name: text().nullable(),
  /** Seeded with the tenant (admin, manager, cashier, finance) or the platform (superadmin). */
  is_builtin: z.boolean(),
  /** The superadmin role: never edited or deleted. */
  is_immutable: z.boolean(),
  user_count: z.number().int(),
  users_preview: z.array(roleUserPreviewSchema),
  /** Sorted permission strings. */
  permissions: z.array(text()),
  created_at: text(),
  updated_at: text(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListQuerySchema = listQuerySchema.extend({
  /** Platform users only (ignored for tenant staff, whose tenant comes from the session). */
  tenant_id: tenantFilterSchema.optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

/** POST /api/roles and PUT /api/roles/{id}: `permissions` is the whole new set. */
export const roleInputSchema = z.object({
  name: requiredString(60),
  description: text()
    .trim()
    .max(255, { error: messageKey('max_length', { max: 255 }) })
    .nullable()
    .optional(),
  permissions: z
    .array(
      text()
        .trim()
        .toLowerCase()
        .refine(isKnownPermission, { error: messageKey('invalid') }),
    )
    .max(500),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleDeletedSchema = z.object({ id: text(), deleted: z.literal(true) });

/** A role holding a permission, on the catalogue page. */
export const permissionHolderSchema = z.object({
  id: text(),
  name: text(),
  tenant_id: text().nullable(),
  tenant_name: text().nullable(),
});

/** One entry of GET /api/permissions. */
export const permissionEntrySchema = z.object({
  permission: text(),
  action: text(),
  subject: text(),
  area: text(),
  /** Only platform roles may hold it. */
  platform: z.boolean(),
  description: z.object({ en: text(), my: text() }),
  /** Roles holding it across every tenant. */
  role_count: z.number().int(),
  /** The holders within the `tenant_id` filter (default: platform roles, plus the tenant the
   * caller works inside). */
  roles: z.array(permissionHolderSchema),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

/**
 * GET /api/permissions: the whole catalogue (about 120 strings, not paged) in catalogue order.
 * `q` matches the string or its English description; `area` picks one area.
 */
export const permissionListQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  /** One of `permissionAreas`: an unknown area is a mistake (400), not an empty catalogue. */
  area: text()
    .trim()
    .refine((area) => permissionAreas.some((a) => a.area === area), {
      error: messageKey('invalid'),
    })
    .optional(),
  tenant_id: tenantFilterSchema.optional(),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;
