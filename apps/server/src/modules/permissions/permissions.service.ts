import {
  describePermission,
  permissionCatalogue,
  type PermissionEntry,
  type PermissionListQuery,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import type { AuthedContext } from '../../lib/request-context';
import * as repo from './permissions.repo';

// The permission catalogue (/settings/permissions). The strings are code, defined
// in the contract and checked by every route's declaration, so the catalogue is read-only here;
// the database copy (table permissions) is synchronised from it at every start.

export function createPermissionService({ db }: { db: Db }) {
  return {
    /**
     * Every catalogue entry with its description and holders. Holders are listed for platform
     * roles plus the tenant the caller works inside, or for the `tenant_id` filter; the count is
     * over every tenant (a platform of many tenants would otherwise list thousands of roles).
     */
    async list(ctx: AuthedContext, q: PermissionListQuery): Promise<PermissionEntry[]> {
      const scope =
        q.tenant_id === 'platform'
          ? { includePlatform: true, tenantIds: [] }
          : q.tenant_id
            ? { includePlatform: false, tenantIds: [q.tenant_id] }
            : {
                includePlatform: true,
                tenantIds: ctx.principal.tenantId ? [ctx.principal.tenantId] : [],
              };
      const [counts, holders] = await Promise.all([repo.holderCounts(db), repo.holders(db, scope)]);
      const needle = q.q?.toLowerCase();
      return permissionCatalogue
        .map((entry) => ({ entry, description: describePermission(entry.permission)! }))
        .filter(({ entry, description }) => {
          if (q.area && entry.area !== q.area) return false;
          if (!needle) return true;
          return entry.permission.includes(needle) || description.en.toLowerCase().includes(needle);
        })
        .map(({ entry, description }) => ({
          permission: entry.permission,
          action: entry.action,
          subject: entry.subject,
          area: entry.area,
          platform: entry.platform,
          description,
          role_count: counts.get(entry.permission) ?? 0,
          roles: holders
            .filter((h) => h.permission === entry.permission)
            .map((h) => ({
              id: h.id,
              name: h.name,
              tenant_id: h.tenantId,
              tenant_name: h.tenantName,
            })),
        }));
    },
  };
}

export type PermissionService = ReturnType<typeof createPermissionService>;
