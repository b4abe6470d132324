import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { outbox } from '../db/schema/platform';

// E-mail goes through the outbox table first (written in the caller's transaction, so a rolled
// back change sends nothing). With SMTP_URL it is then sent and marked `sent` (or `failed`);
// without, it stays there marked `logged` and is written to the log, so flows stay testable.

export interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
}

export interface Mailer {
  /** Stores the mail; call `deliver` with the id after the transaction commits. */
  enqueue(tx: Db, mail: Mail): Promise<string>;
  deliver(id: string): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async enqueue(tx, mail) {
      const [row] = await tx
        .insert(outbox)
        .values({
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          tenantId: mail.tenantId ?? null,
          status: transport ? 'pending' : 'logged',
        })
        .returning({ id: outbox.id });
      return row!.id;
    },
    async deliver(id) {
      const [mail] = await db.select().from(outbox).where(eq(outbox.id, id));
      if (!mail) return;
      if (!transport) {
        // The address is personal data and the text may hold a reset link: the log names the
        // outbox row only.
        log.info({ outboxId: id }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        });
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(eq(outbox.id, id));
      } catch (error) {
        log.error({ err: error, outboxId: id }, 'sending mail failed');
        await db
          .update(outbox)
          .set({ status: 'failed', error: String(error).slice(0, 500) })
          .where(eq(outbox.id, id));
      }
    },
  };
}

export async function latestOutbox(db: Db, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
