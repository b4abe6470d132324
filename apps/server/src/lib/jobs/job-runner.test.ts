import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backgroundJobs } from '../../db/schema/jobs';
import { demoTenantId } from '../../test/order-fixtures';
import { runHousekeeping } from '../housekeeping';
import { useTestApp } from '../../test/use-test-app';
import { createJobRunner, type JobHandler } from './job-runner';

// The runner apart from any job kind: a counting handler shows what it promises every kind.

const { t } = useTestApp({ backgroundJobs: false });
const db = () => t.database.db;

/** A handler that records each chunk it is handed. */
function counting() {
  const chunks: { done: number; limit: number }[] = [];
  const handler: JobHandler = {
    step: (_tx, job, limit) => {
      chunks.push({ done: job.done, limit });
      return Promise.resolve(limit);
    },
  };
  return { chunks, handler };
}
async function enqueue(kind: string, total: number) {
  const runner = createJobRunner({ db: db() });
  const tenantId = await demoTenantId(t);
  return db().transaction((tx) => runner.enqueue(tx, { tenantId, kind, total }));
}
const jobRow = async (id: string) =>
  (await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;

describe('the background job runner', () => {
  it('hands a job over in chunks of its size, the last one what is left', async () => {
    const job = await enqueue('count', 25);
    const { chunks, handler } = counting();
    const runner = createJobRunner({ db: db(), chunkSize: 10 });
    runner.register('count', handler);
    expect(await runner.runPending()).toBe(1);
    expect(chunks).toEqual([
      { done: 0, limit: 10 },
      { done: 10, limit: 10 },
      { done: 20, limit: 5 },
    ]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', done: 25, claimedBy: null });
    expect((await jobRow(job.id)).finishedAt).not.toBeNull();
  });

  it('leaves a job of a kind it has no handler for in the queue', async () => {
    const job = await enqueue('someone-else', 5);
    const runner = createJobRunner({ db: db() });
    runner.register('count', counting().handler);
    expect(await runner.runPending()).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    await db().delete(backgroundJobs).where(eq(backgroundJobs.id, job.id));
  });

  it('fails a job whose handler claims more units than it was asked, keeping none of them', async () => {
    const job = await enqueue('greedy', 30);
    const runner = createJobRunner({ db: db(), chunkSize: 10, maxAttempts: 1 });
    runner.register('greedy', { step: (_tx, _job, limit) => Promise.resolve(limit + 1) });
    await runner.runPending();
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', done: 0 });
    expect((await jobRow(job.id)).error).toMatch(/did 11 units of 10/);
  });

  it('runs the queue by itself once started, and again when woken', async () => {
    const { chunks, handler } = counting();
    const runner = createJobRunner({ db: db(), pollMs: 60_000 });
    runner.register('woken', handler);
    runner.start();
    const job = await enqueue('woken', 3);
    runner.wake();
    await expect.poll(async () => (await jobRow(job.id)).status).toBe('done');
    await runner.stop();
    expect(chunks).toEqual([{ done: 0, limit: 3 }]);
    // A stopped runner is not woken.
    const later = await enqueue('woken', 2);
    runner.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobRow(later.id)).toMatchObject({ status: 'queued' });
  });

  it('keeps finished jobs a month, and jobs still to run however old', async () => {
    const [old, recent, waiting] = [
      await enqueue('count', 1),
      await enqueue('count', 1),
      await enqueue('count', 1),
    ];
    const finished = (id: string, ago: string) =>
      db()
        .update(backgroundJobs)
        .set({ status: 'done', done: 1, finishedAt: sql`now() - ${ago}::interval` })
        .where(eq(backgroundJobs.id, id));
    await finished(old.id, '31 days');
    await finished(recent.id, '29 days');
    await db()
      .update(backgroundJobs)
      .set({ createdAt: sql`now() - interval '90 days'` })
      .where(eq(backgroundJobs.id, waiting.id));
    await runHousekeeping(db());
    const left = await db().select({ id: backgroundJobs.id }).from(backgroundJobs);
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(ids).toContain(waiting.id);
  });
});
