import type { Db } from '../../db/database';
import type { OffsetClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { latestOutbox } from '../../lib/mailer';

export function createDevService({ db, clock }: { db: Db; clock: OffsetClock | null }) {
  return {
    /** Moves the server's business clock by `hours` from the real time (0: back to it). */
    async setClock(hours: number) {
      if (!clock) throw new AppError('not_found');
      clock.setOffset(hours * 3_600_000);
      return { now: clock.now().toISOString() };
    },

    async outbox(limit: number) {
      const rows = await latestOutbox(db, limit);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        status: r.status,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type DevService = ReturnType<typeof createDevService>;
