import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backgroundJobs } from '../../db/schema/jobs';
import { voucherCodes } from '../../db/schema/vouchers';
import { type JobHandler, type JobRow } from '../../lib/jobs/job-runner';
import { useTestApp } from '../../test/use-test-app';
import { uniqueVoucherBody } from '../../test/voucher-admin-fixtures';
import { VOUCHER_CODES_JOB, voucherCodesJob } from './voucher-code-job';
import { runnerOf } from '../../test/job-runners';

// Code generation as a background job, run here by runners of the test's own (the app's runner
// is off), so a run can be stopped, crashed and restarted: however it is interrupted, the job
// ends with exactly the codes asked, each committed with the progress that counts it.

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin', backgroundJobs: false });
const db = () => t.database.db;

const CHUNK = 1000;
/** A runner in chunks of CHUNK; with `stopAfter`, stopped once that many chunks are done. */
const runnerWith = (handler: JobHandler = voucherCodesJob, stopAfter?: number) =>
  runnerOf(db(), VOUCHER_CODES_JOB, handler, { chunkSize: CHUNK, stopAfter });

/** A new unique-code voucher and a queued job for `count` codes of it (nothing runs it yet). */
async function queued(count: number, prefix = 'JOB') {
  const voucher = await api.post('/api/vouchers', uniqueVoucherBody());
  expect(voucher.statusCode, voucher.body).toBe(201);
  const id = voucher.json().data.id as string;
  const res = await api.post(`/api/vouchers/${id}/codes`, { count, prefix });
  expect(res.statusCode, res.body).toBe(202);
  return { voucherId: id, jobId: res.json().data.id as string };
}
const jobRow = async (id: string) =>
  (await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;
const codeCount = async (voucherId: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(voucherCodes)
      .where(eq(voucherCodes.voucherId, voucherId))
  )[0]!.n;

describe('the voucher codes job', () => {
  it('waits in the queue while no runner runs, then makes exactly the codes asked', async () => {
    const { voucherId, jobId } = await queued(2500);
    expect(await jobRow(jobId)).toMatchObject({ status: 'queued', done: 0, total: 2500 });
    expect(await runnerWith().runPending()).toBe(1);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 2500, claimedBy: null });
    expect(await codeCount(voucherId)).toBe(2500);
  });

  it('makes 10,000 codes, all distinct, in a sensible time', async () => {
    const { voucherId, jobId } = await queued(10_000, 'BIG');
    const started = performance.now();
    await runnerWith().runPending();
    const ms = performance.now() - started;
    console.log(`10,000 voucher codes in ${Math.round(ms)} ms on ${t.database.kind}`);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 10_000 });
    const codes = await db()
      .select({ code: voucherCodes.code })
      .from(voucherCodes)
      .where(eq(voucherCodes.voucherId, voucherId));
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes.map((c) => c.code)).size).toBe(10_000);
    expect(ms).toBeLessThan(60_000);
  }, 120_000);

  it('goes on where it stopped after a stop, and after a crash once the dead claim lapses', async () => {
    const { voucherId, jobId } = await queued(3500);
    // The first runner stops after two chunks (a deploy): the job goes back to the queue.
    await runnerWith(voucherCodesJob, 2).runPending();
    expect(await jobRow(jobId)).toMatchObject({ status: 'queued', done: 2000 });
    expect(await codeCount(voucherId)).toBe(2000);

    // A second runner dies during its next chunk: the chunk's codes and progress roll back
    // together, and the job stays claimed by a runner that will never come back.
    const dead = randomUUID();
    await db()
      .update(backgroundJobs)
      .set({ status: 'running', claimedBy: dead, claimedUntil: sql`now() + interval '1 hour'` })
      .where(eq(backgroundJobs.id, jobId));
    const restarted = runnerWith();
    expect(await restarted.runPending(), 'a live claim is left alone').toBe(0);
    await db()
      .update(backgroundJobs)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(backgroundJobs.id, jobId));
    expect(await restarted.runPending()).toBe(1);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 3500 });
    expect(await codeCount(voucherId)).toBe(3500);
  });

  it('retries a chunk that failed half-way without keeping its codes, then fails after the last try', async () => {
    const { voucherId, jobId } = await queued(2200);
    let calls = 0;
    // The second chunk writes its codes, then fails: they must not stay.
    const flaky: JobHandler = {
      async step(tx, job: JobRow, limit) {
        const did = await voucherCodesJob.step(tx, job, limit);
        if (++calls === 2) throw new Error('connection reset');
        return did;
      },
    };
    await runnerWith(flaky).runPending();
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 2200, attempts: 2 });
    expect(await codeCount(voucherId)).toBe(2200);

    const broken = await queued(10);
    const failing: JobHandler = {
      step: () => Promise.reject(new Error('disk full')),
    };
    await runnerWith(failing).runPending();
    expect(await jobRow(broken.jobId)).toMatchObject({
      status: 'failed',
      done: 0,
      attempts: 3,
      error: 'disk full',
    });
    expect(await codeCount(broken.voucherId)).toBe(0);
  });

  it('fails at once when its voucher is deleted before it runs', async () => {
    const { voucherId, jobId } = await queued(50);
    expect((await api.del(`/api/vouchers/${voucherId}`)).statusCode).toBe(200);
    await runnerWith().runPending();
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', done: 0, attempts: 1 });
  });

  it('lets two runners share the queue without making a code more than asked', async () => {
    const jobs = [await queued(1800), await queued(1300), await queued(700)];
    const [a, b] = [runnerWith(), runnerWith()];
    const ran = await Promise.all([a.runPending(), b.runPending()]);
    expect(ran[0] + ran[1]).toBe(3);
    for (const [i, count] of [1800, 1300, 700].entries()) {
      expect(await jobRow(jobs[i]!.jobId)).toMatchObject({ status: 'done', done: count });
      expect(await codeCount(jobs[i]!.voucherId)).toBe(count);
    }
  });
});
