import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { backgroundJobs } from '../../db/schema/jobs';

// The background_jobs rows the runner reads and moves. Claims are taken across tenants (the
// runner serves every tenant); a job's own work is scoped by the tenant it carries.

export type JobRow = typeof backgroundJobs.$inferSelect;

export interface NewJob {
  tenantId: string;
  kind: string;
  subjectId?: string | null;
  params?: unknown;
  total: number;
  createdBy?: string | null;
}

export async function insertJob(tx: Db, job: NewJob): Promise<JobRow> {
  const [row] = await tx
    .insert(backgroundJobs)
    .values({
      tenantId: job.tenantId,
      kind: job.kind,
      subjectId: job.subjectId ?? null,
      params: job.params ?? {},
      total: job.total,
      createdBy: job.createdBy ?? null,
    })
    .returning();
  return row!;
}

const claimUntil = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * Takes the oldest claimable job of `kinds` for `runner`: a queued one, or a running one whose
 * claim has lapsed (its runner died). SKIP LOCKED lets several runners claim side by side.
 */
export async function claimNext(
  db: Db,
  runner: string,
  kinds: string[],
  claimMs: number,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          inArray(backgroundJobs.kind, kinds),
          or(
            eq(backgroundJobs.status, 'queued'),
            and(eq(backgroundJobs.status, 'running'), lt(backgroundJobs.claimedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(backgroundJobs.createdAt), asc(backgroundJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(backgroundJobs)
      .set({
        status: 'running',
        claimedBy: runner,
        claimedUntil: claimUntil(claimMs),
        attempts: sql`${backgroundJobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(backgroundJobs.id, next.id))
      .returning();
    return row ?? null;
  });
}

/** The job, locked for its next chunk, while `runner` still holds it; null once it does not. */
export async function lockClaimed(tx: Db, id: string, runner: string): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.id, id),
        eq(backgroundJobs.claimedBy, runner),
        eq(backgroundJobs.status, 'running'),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Records a committed chunk's progress and renews the claim; the last chunk finishes the job. */
export async function recordProgress(
  tx: Db,
  job: JobRow,
  done: number,
  claimMs: number,
): Promise<void> {
  const finished = done >= job.total;
  await tx
    .update(backgroundJobs)
    .set({
      done,
      claimedUntil: claimUntil(claimMs),
      updatedAt: sql`now()`,
      ...(finished
        ? { status: 'done', claimedBy: null, claimedUntil: null, finishedAt: sql`now()` }
        : {}),
    })
    .where(eq(backgroundJobs.id, job.id));
}

/** Gives a job up: back to the queue for another try, or failed with the reason. */
export async function release(
  db: Db,
  id: string,
  runner: string,
  outcome: { status: 'queued' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      claimedBy: null,
      claimedUntil: null,
      updatedAt: sql`now()`,
      ...(outcome.status === 'failed' ? { finishedAt: sql`now()` } : {}),
    })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.claimedBy, runner)));
}
