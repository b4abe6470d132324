import type { NotifyOrder } from '@kopi/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import * as repo from './notifications.repo';

// Read markers are personal UI state, not business data, so they are not written to the audit log.

/** Past 99 the bell shows "99+", so 100 keeps its count exact up to there. */
const LIST_LIMIT = 100;

const audienceOf = (ctx: AuthedContext): repo.Audience => ({
  tenantId: ctx.principal.tenantId,
  userId: ctx.principal.userId,
  outletId: ctx.principal.outletId,
});

export function createNotificationService({ db }: { db: Db }) {
  return {
    async list(ctx: AuthedContext): Promise<{ list_notify_order: NotifyOrder[]; unread: number }> {
      const audience = audienceOf(ctx);
      const rows = await repo.listUnreadForUser(db, audience, LIST_LIMIT);
      return {
        list_notify_order: rows.map((r) => ({
          id_notify: r.id,
          id_order: r.idOrder,
          title: r.title,
          body: r.body,
          title_key: r.titleKey,
          params: r.params,
          time: r.createdAt.toISOString(),
          created_at: r.createdAt.toISOString(),
          read: r.readAt !== null,
        })),
        unread: rows[0]?.unread ?? 0,
      };
    },

    async markRead(ctx: AuthedContext, id: string): Promise<{ id_notify: string }> {
      const audience = audienceOf(ctx);
      if (!(await repo.isVisible(db, audience, id))) throw new AppError('not_found');
      await repo.markRead(db, audience, id);
      return { id_notify: id };
    },

    async markAllRead(ctx: AuthedContext): Promise<{ updated: number }> {
      return { updated: await repo.markAllRead(db, audienceOf(ctx)) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
