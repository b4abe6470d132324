import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns';
import { tenantColumn } from './tenancy';

// Background jobs (lib/jobs): long work a request starts and a runner does in chunks, each chunk
// committed with its progress, so a job stopped by a crash or a restart goes on where it stopped.

export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: id(),
    tenantId: tenantColumn(),
    /** Which handler does the work (lib/jobs/registry). */
    kind: text('kind').notNull(),
    /** The row the job works for (a voucher), when there is one. */
    subjectId: uuid('subject_id'),
    params: jsonb('params').notNull().default({}),
    status: text('status').notNull().default('queued'),
    /** Units of work asked for and done so far (done moves with each committed chunk). */
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The runner working on it, and until when its claim holds; a lapsed claim may be taken. */
    claimedBy: uuid('claimed_by'),
    claimedUntil: ts('claimed_until'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('background_jobs_claimable_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('background_jobs_subject_idx').on(t.tenantId, t.kind, t.subjectId, t.createdAt),
    check(
      'background_jobs_status_check',
      sql`${t.status} in ('queued', 'running', 'done', 'failed')`,
    ),
    check('background_jobs_progress_check', sql`${t.done} >= 0 and ${t.done} <= ${t.total}`),
  ],
);
