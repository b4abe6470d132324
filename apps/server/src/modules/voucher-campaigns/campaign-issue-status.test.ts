import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { voucherCampaigns, voucherCodes } from '../../db/schema/vouchers';
import { useTestApp } from '../../test/use-test-app';
import {
  campaignJobs,
  issuedCodes,
  scheduledPhoneCampaign,
} from '../../test/voucher-campaign-fixtures';
import { CAMPAIGN_ISSUE_JOB, createCampaignIssueJob } from './campaign-issue-job';
import { runnerOf } from '../../test/job-runners';

// The issuing job obeys the campaign's status at each chunk (docs/decisions/054): a pause stops
// it without failing and a resume goes on with whoever has no code yet; an end stops it for good,
// also an end that comes by time alone, before the tick has stored it.

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin', backgroundJobs: false });
const db = () => t.database.db;

/** A runner of chunks of 4 that stops itself after `chunks` chunks (all of them when omitted). */
const runner = (chunks = Infinity, now = () => new Date()) =>
  runnerOf(db(), CAMPAIGN_ISSUE_JOB, createCampaignIssueJob(now), {
    chunkSize: 4,
    stopAfter: chunks,
  });

const issued = (campaignId: string) => issuedCodes(db(), campaignId);
const jobsOf = (campaignId: string) => campaignJobs(db(), campaignId);
const move = async (id: string, to: string) => {
  const res = await api.post(`/api/voucher-campaigns/${id}/status`, { move: to });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A live campaign of `size` fresh customers by phone, ending at `endsAt`. */
async function liveCampaign(size: number, endsAt?: string) {
  const campaign = await scheduledPhoneCampaign(t, api, size, endsAt);
  expect(campaign.scheduled).toMatchObject({ status: 'ongoing' });
  return campaign;
}

describe('the issuing job and the campaign status', () => {
  it('stops at a pause without failing, and a resume issues everyone left, nobody twice', async () => {
    const { id } = await liveCampaign(10);
    // Two chunks of 4, then the runner stops: 8 issued, the job back in the queue.
    await runner(2).runPending();
    expect(await issued(id)).toEqual({ n: 8, people: 8 });
    await move(id, 'pause');
    await runner().runPending();
    // Paused: the queued job ends at its next chunk, done rather than failed, issuing nobody.
    expect(await issued(id)).toEqual({ n: 8, people: 8 });
    const [stopped] = await jobsOf(id);
    expect(stopped).toMatchObject({ status: 'done', error: null });
    expect(stopped!.finishedAt).not.toBeNull();
    const paused = (await api.get(`/api/voucher-campaigns/${id}`)).json().data;
    expect(paused).toMatchObject({ status: 'paused', issued_count: 8 });

    // Resuming enqueues a continuation from the 8 already issued, of the same audience.
    const resumed = await move(id, 'resume');
    expect(resumed).toMatchObject({
      status: 'ongoing',
      job: { status: 'queued', done: 8, total: 10 },
    });
    await runner().runPending();
    expect(await issued(id)).toEqual({ n: 10, people: 10 });
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]).toMatchObject({ status: 'done', done: 10, total: 10 });
    expect(jobs[1]!.params).toEqual(jobs[0]!.params);
    const [row] = await db().select().from(voucherCampaigns).where(eq(voucherCampaigns.id, id));
    expect(row!.issuedCount).toBe(10);
  });

  it('does not reach customers who joined after the first going live when resumed', async () => {
    const { id, phones } = await liveCampaign(6);
    await runner(1).runPending();
    await move(id, 'pause');
    // The paused job ends: the resume below enqueues a continuation.
    await runner().runPending();
    // One of the listed people not issued yet joined after the audience moment of the first
    // going live (and before the resume).
    const had = new Set(
      (
        await db()
          .select({ id: voucherCodes.customerId })
          .from(voucherCodes)
          .where(eq(voucherCodes.campaignId, id))
      ).map((r) => r.id),
    );
    const listed = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.phone, phones));
    const lateJoiner = listed.find((c) => !had.has(c.id))!;
    // A millisecond after the audience moment, well before the resume below.
    const asOf = ((await jobsOf(id))[0]!.params as { as_of: string }).as_of;
    await db()
      .update(customers)
      .set({ createdAt: new Date(Date.parse(asOf) + 1) })
      .where(eq(customers.id, lateJoiner.id));
    await move(id, 'resume');
    expect(await jobsOf(id)).toHaveLength(2);
    await runner().runPending();
    // 6 listed, the late joiner is outside the audience taken at the first going live.
    expect(await issued(id)).toEqual({ n: 5, people: 5 });
    const [late] = await db()
      .select()
      .from(voucherCodes)
      .where(eq(voucherCodes.customerId, lateJoiner.id));
    expect(late).toBeUndefined();
  });

  it('enqueues nothing on a resume when everyone already has a code', async () => {
    const { id } = await liveCampaign(3);
    await runner().runPending();
    await move(id, 'pause');
    expect(await move(id, 'resume')).toMatchObject({ job: { status: 'done', done: 3 } });
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('stops for good when ended, and an end cannot be resumed', async () => {
    const { id } = await liveCampaign(10);
    await runner(1).runPending();
    expect(await issued(id)).toEqual({ n: 4, people: 4 });
    await move(id, 'end');
    await runner().runPending();
    expect(await issued(id)).toEqual({ n: 4, people: 4 });
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'done', error: null });
    const again = await api.post(`/api/voucher-campaigns/${id}/status`, { move: 'resume' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code_message).toBe('voucher_campaign_ended');
    await runner().runPending();
    expect(await issued(id)).toEqual({ n: 4, people: 4 });
  });

  it('stops at the end of the period by time alone, before the tick stores it', async () => {
    const endsAt = new Date('2099-01-01T00:00:00Z');
    const { id } = await liveCampaign(10, endsAt.toISOString());
    await runner(1).runPending();
    // The job's clock: the last moment of the period issues, the end itself does not.
    await runner(1, () => new Date(endsAt.getTime() - 1)).runPending();
    expect(await issued(id)).toEqual({ n: 8, people: 8 });
    await runner(Infinity, () => endsAt).runPending();
    expect(await issued(id)).toEqual({ n: 8, people: 8 });
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'done' });
  });
});
