import type { UserSession } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/caller-tenant';
import { staffAccounts } from '../auth/auth.service';
import type { UserAccess } from './user-access';
import * as repo from './users.repo';

// A user's live sessions as an administrator sees them, and ending one or all of them.

export function createUserSessions(db: Db, access: UserAccess) {
  return {
    async sessions(ctx: AuthedContext, id: string): Promise<UserSession[]> {
      await access.require(ctx, id);
      const rows = await repo.liveSessions(db, scopeOf(ctx), id);
      return rows.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt?.toISOString() ?? null,
        expires_at: s.expiresAt.toISOString(),
        ip: s.ip,
        user_agent: s.userAgent,
        acting_tenant_id: s.actingTenantId,
        current: s.id === ctx.principal.sessionId,
      }));
    },

    async revokeSession(ctx: AuthedContext, id: string, sessionId: string) {
      const user = await access.requireManageable(ctx, id);
      const entry = {
        action: 'session.revoke',
        entity: 'session',
        entityId: sessionId,
        tenantId: user.tenantId,
        after: { user_id: id, reason: 'revoked_by_admin' },
      };
      await audited(db, ctx, entry, async (tx) => {
        if (!(await repo.revokeSession(tx, scopeOf(ctx), id, sessionId, 'revoked_by_admin'))) {
          throw new AppError('not_found');
        }
      });
      return { id: sessionId, revoked: true as const };
    },

    async revokeAllSessions(ctx: AuthedContext, id: string) {
      const user = await access.requireManageable(ctx, id);
      const entry = (count: number) => ({
        action: 'session.revoke_all',
        entity: 'user',
        entityId: id,
        tenantId: user.tenantId,
        after: { sessions_ended: count },
      });
      const ended = await audited(db, ctx, entry, (tx) =>
        staffAccounts.endSessions(tx, id, 'revoked_by_admin'),
      );
      return { sessions_ended: ended };
    },
  };
}
