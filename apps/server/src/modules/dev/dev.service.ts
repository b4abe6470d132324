import type { Db } from '../../db/database';
import { latestOutbox } from '../../lib/mailer';

export function createDevService({ db }: { db: Db }) {
  return {
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
