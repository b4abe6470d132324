import { z } from 'zod';
import { text } from './validation';
import { listQuerySchema } from './common';

// The audit log (/settings/logs; /api/logs, subject log). Every write of the API adds
// an entry in the same transaction as the change (who, what, before, after, when, from where).
// The API only reads it: there is no route to edit or delete an entry, and the database refuses
// UPDATE and DELETE on the table.
//
// Scope: a tenant's staff see their tenant's entries; staff bound to an outlet see only entries
// made by users of that outlet. A platform superadmin sees every tenant (and platform entries,
// tenant_id null) unless working inside a tenant (POST /api/tenants/{id}/enter), which narrows the
// log to that tenant; the `tenant_id` filter narrows it too.

/** `tenant_id` filter for platform users: a tenant's id, or `platform` for entries of no tenant. */
export const tenantFilterSchema = z.union([z.uuid(), z.literal('platform')]);
export type TenantFilter = z.infer<typeof tenantFilterSchema>;

/** One line of GET /api/logs (before/after are only in the detail). */
export const auditEntrySchema = z.object({
  id: text(),
  tenant_id: text().nullable(),
  tenant_name: text().nullable(),
  actor_id: text().nullable(),
  /** Kept on the entry: the user may since have been renamed or deleted. */
  actor_username: text().nullable(),
  /** `<entity>.<verb>`, e.g. `user.update`, `role.delete`, `session.create`. */
  action: text(),
  entity: text(),
  entity_id: text().nullable(),
  /**
   * What staff call the record: an order's number, a user's username, a role's or product's name
   * (as it is now, within the entry's tenant), else as the entry's snapshot named it.
   */
  entity_label: text().nullable(),
  ip: text().nullable(),
  user_agent: text().nullable(),
  request_id: text().nullable(),
  created_at: text(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * One difference between `before` and `after`. Nested objects are walked into dotted paths
 * (`settings.theme`); lists of plain values (a role's permissions) are compared item by item, so
 * each added or removed item is its own change with path `<list>[]`; other lists are compared
 * whole. Secrets were redacted when the entry was written (`"[redacted]"`).
 */
export const auditChangeSchema = z.object({
  path: text(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * Snapshot keys whose value is the id of a role or an outlet: the detail names them (`names`), so
 * the difference reads "manager → cashier" instead of two UUIDs.
 */
export const auditReferenceKeys = [
  'role_id',
  'id_outlet',
  'outlet_id',
  'user_id',
  'staff_id',
] as const;

/** GET /api/logs/{id}: the entry with its snapshots and their difference (`auditDiff`). */
export const auditEntryDetailSchema = auditEntrySchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(auditChangeSchema),
  /**
   * Current names of the roles, outlets and staff the snapshots refer to (under `auditReferenceKeys`),
   * by id, within the entry's tenant. A deleted one is missing: the web shows its id.
   */
  names: z.record(text(), text()),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;

/**
 * GET /api/logs: newest first. `from` (inclusive) and `to` (exclusive) are instants with an offset
 * (`2026-11-23T00:00:00+08:00`), so the web chooses the day boundaries of the user's time zone.
 * `q` searches the actor's username, the action and the entity id.
 */
export const auditListQuerySchema = listQuerySchema.extend({
  actor_id: z.uuid().optional(),
  action: text().trim().min(1).max(80).optional(),
  entity: text().trim().min(1).max(80).optional(),
  entity_id: text().trim().min(1).max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Platform users only (ignored for tenant staff, whose tenant comes from the session). */
  tenant_id: tenantFilterSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** GET /api/logs/export: the list's filters, newest first, at most 50,000 rows, as CSV. */
export const auditExportQuerySchema = auditListQuerySchema.omit({ page: true, page_size: true });
export const AUDIT_EXPORT_LIMIT = 50_000;
export const auditExportColumns = [
  'created_at',
  'tenant',
  'actor',
  'action',
  'entity',
  'entity_id',
  'entity_label',
  'ip',
  'user_agent',
  'request_id',
  'changes',
] as const;

/** GET /api/logs/filters: a platform user may narrow the offered values to one tenant. */
export const auditFiltersQuerySchema = z.object({
  /** Platform users only (ignored for tenant staff, whose tenant comes from the session). */
  tenant_id: tenantFilterSchema.optional(),
});
export type AuditFiltersQuery = z.infer<typeof auditFiltersQuerySchema>;

/** GET /api/logs/filters: the values the filter menus offer, within the caller's scope. */
export const auditFilterOptionsSchema = z.object({
  actions: z.array(text()),
  entities: z.array(text()),
  /** The 200 most recent actors. */
  actors: z.array(z.object({ id: text(), username: text().nullable() })),
});
export type AuditFilterOptions = z.infer<typeof auditFilterOptionsSchema>;

// ---- The readable difference ------------------------------------------------------------------

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `before` to `after` (either may be null: a create has no before, a delete
 * no after). Sorted by path; identical values give no change.
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const changes: AuditChange[] = [];
  // `undefined` means "absent on that side".
  const walk = (path: string, a: unknown, b: unknown) => {
    if (same(a, b)) return;
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        walk(path ? `${path}.${key}` : key, a[key], b[key]);
      }
      return;
    }
    if (a === undefined) {
      changes.push({ path, kind: 'added', before: null, after: b });
      return;
    }
    if (b === undefined) {
      changes.push({ path, kind: 'removed', before: a, after: null });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].every(isScalar)) {
      const listPath = `${path}[]`;
      for (const item of b) {
        if (!a.some((x) => same(x, item))) {
          changes.push({ path: listPath, kind: 'added', before: null, after: item });
        }
      }
      for (const item of a) {
        if (!b.some((x) => same(x, item))) {
          changes.push({ path: listPath, kind: 'removed', before: item, after: null });
        }
      }
      return;
    }
    changes.push({ path, kind: 'changed', before: a, after: b });
  };
  // A create (no before) or a delete (no after) lists each field of the other side.
  const root = (v: unknown) => (v === null || v === undefined ? {} : v);
  if (isPlainObject(root(before)) && isPlainObject(root(after))) {
    walk('', root(before), root(after));
  } else {
    walk('value', before ?? undefined, after ?? undefined);
  }
  return changes.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
