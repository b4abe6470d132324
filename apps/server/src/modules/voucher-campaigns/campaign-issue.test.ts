import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerOrders } from '../../db/schema/customers';
import { backgroundJobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { voucherRollups } from '../../db/schema/reports';
import { voucherCampaigns, voucherCodes, voucherRedemptions } from '../../db/schema/vouchers';
import { type JobHandler } from '../../lib/jobs/job-runner';
import { demoOutletIds, otherTenant } from '../../test/catalogue-fixtures';
import { addCustomer, addTiers, customerSale, freshPhone } from '../../test/customer-fixtures';
import { verifiedCustomer } from '../../test/mobile-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { redeemOnce } from '../../test/voucher-admin-fixtures';
import {
  campaignBody,
  campaignJobs,
  issuedCodes,
  scheduledPhoneCampaign,
  uniqueVoucher,
} from '../../test/voucher-campaign-fixtures';
import { type Audience, inAudience } from './campaign-audience.sql';
import { CAMPAIGN_ISSUE_JOB, campaignIssueJob } from './campaign-issue-job';
import { monthIn } from './voucher-campaigns.service';
import { runnerOf } from '../../test/job-runners';

/** The ids of an audience's customers. */
async function audienceIds(db: Db, a: Audience): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from ${customers} c where ${inAudience(a)} order by c.id`),
  );
  return rows.map((r) => r.id);
}

// Who a campaign reaches (each audience kind at its edge) and the issuing job: chunked, each
// chunk committed with its progress, and safe to run again: nobody is issued twice.

const { t, api, as } = useTestApp({ signIn: ['admin'], api: 'admin', backgroundJobs: false });
const db = () => t.database.db;
const DAY = 86_400_000;
const AS_OF = new Date('2026-06-10T04:00:00Z');
const ago = (ms: number) => new Date(AS_OF.getTime() - ms);

let rival: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  rival = await otherTenant(t, 'audience-rival');
});

const audienceOf = (kind: Audience['kind'], more: Partial<Audience> = {}): Audience => ({
  tenantId: rival.tenant.id,
  kind,
  tierId: null,
  days: null,
  phones: [],
  asOf: AS_OF.toISOString(),
  month: 7,
  ...more,
});
const person = (values: Record<string, unknown> = {}) =>
  addCustomer(t, {
    name: 'Aud',
    phone: freshPhone(),
    tenantId: rival.tenant.id,
    createdAt: ago(400 * DAY),
    ...values,
  });

describe('the audience', () => {
  it('resolves each kind at its edge', async () => {
    const [silver] = await addTiers(t, rival.tenant.id);
    const old = await person();
    const exactlyN = await person({ createdAt: ago(7 * DAY) });
    const pastN = await person({ createdAt: ago(7 * DAY + 1) });
    const later = await person({ createdAt: new Date(AS_OF.getTime() + 1) });
    const disabled = await person({ status: 'disabled' });
    const tiered = await person({ tierId: silver!.id });
    const july = await person({ birthday: '1990-07-31' });
    const august = await person({ birthday: '1990-08-01' });

    const ids = async (a: Audience) => (await audienceIds(db(), a)).sort();
    const sorted = (...cs: { id: string }[]) => cs.map((c) => c.id).sort();
    // Everyone active who had joined by the moment the audience is taken at.
    expect(await ids(audienceOf('all'))).toEqual(
      sorted(old, exactlyN, pastN, tiered, july, august),
    );
    expect(later && disabled).toBeTruthy();
    expect(await ids(audienceOf('tier', { tierId: silver!.id }))).toEqual(sorted(tiered));
    // Joined exactly 7 days before is in; a millisecond earlier is not.
    expect(await ids(audienceOf('new_customers', { days: 7 }))).toEqual(sorted(exactlyN));
    expect(await ids(audienceOf('birthday_month', { month: 7 }))).toEqual(sorted(july));
    expect(await ids(audienceOf('phone_list', { phones: [july.phone, '+60100000000'] }))).toEqual(
      sorted(july),
    );
  });

  it('takes the birthday month of the start on the tenant’s wall clock', () => {
    // 30 June 16:30 UTC is already 1 July in Kuala Lumpur.
    expect(monthIn(new Date('2026-06-30T16:30:00Z'), 'Asia/Kuala_Lumpur')).toBe(7);
    expect(monthIn(new Date('2026-06-30T15:59:59Z'), 'Asia/Kuala_Lumpur')).toBe(6);
  });

  it('counts as inactive a customer whose last order is exactly N days old, or who never ordered', async () => {
    const tenantId = await demoTenantId(t);
    const customer = async () =>
      addCustomer(t, { name: 'Idle', phone: freshPhone(), createdAt: ago(400 * DAY) });
    const orderedAt = async (c: Awaited<ReturnType<typeof customer>>, at: Date) => {
      const order = await customerSale(t, as.admin, c);
      await db().update(orders).set({ createdAt: at }).where(eq(orders.id, order.id));
    };
    const exactly = await customer();
    await orderedAt(exactly, ago(30 * DAY));
    const within = await customer();
    await orderedAt(within, ago(30 * DAY - 1));
    const never = await customer();
    const a = audienceOf('inactive', { tenantId, days: 30 });
    const ids = new Set(await audienceIds(db(), a));
    expect(ids.has(exactly.id)).toBe(true);
    expect(ids.has(never.id)).toBe(true);
    expect(ids.has(within.id)).toBe(false);
    const linked = await db()
      .select()
      .from(customerOrders)
      .where(eq(customerOrders.customerId, within.id));
    expect(linked).toHaveLength(1);
  });
});

describe('the issuing job', () => {
  /** A runner in chunks of 7; with `stopAfter`, stopped once that many chunks are done. */
  const runner = (handler: JobHandler = campaignIssueJob, stopAfter?: number) =>
    runnerOf(db(), CAMPAIGN_ISSUE_JOB, handler, { chunkSize: 7, stopAfter });
  const issuedRows = (campaignId: string) => issuedCodes(db(), campaignId);
  const jobOf = async (campaignId: string) => (await campaignJobs(db(), campaignId))[0]!;
  const campaignRow = async (id: string) =>
    (await db().select().from(voucherCampaigns).where(eq(voucherCampaigns.id, id)))[0]!;

  /** A campaign of 25 fresh customers by phone, scheduled with a past start: live at once. */
  async function liveCampaign(size = 25) {
    const campaign = await scheduledPhoneCampaign(t, api, size);
    expect(campaign.scheduled).toMatchObject({
      status: 'ongoing',
      job: { total: size, done: 0 },
    });
    return campaign;
  }

  it('issues one code per customer in chunks, each counted on the job and the campaign', async () => {
    const { id } = await liveCampaign(25);
    let chunks = 0;
    const seen: [number, number][] = [];
    await runner({
      async step(tx, job, limit) {
        const did = await campaignIssueJob.step(tx, job, limit);
        chunks++;
        seen.push([job.done, limit]);
        return did;
      },
    }).runPending();
    // 25 people in chunks of 7: 7, 7, 7, 4.
    expect(chunks).toBe(4);
    expect(seen).toEqual([
      [0, 7],
      [7, 7],
      [14, 7],
      [21, 4],
    ]);
    expect(await issuedRows(id)).toEqual({ n: 25, people: 25 });
    expect(await jobOf(id)).toMatchObject({ status: 'done', done: 25, total: 25 });
    expect((await campaignRow(id)).issuedCount).toBe(25);
    const view = (await api.get(`/api/voucher-campaigns/${id}`)).json().data;
    expect(view).toMatchObject({ issued_count: 25, job: { status: 'done', done: 25, total: 25 } });
  });

  it('issues nobody twice when stopped mid-way and run again, or run a second time', async () => {
    const { id } = await liveCampaign(25);
    // The first runner stops after two chunks (a deploy): the job goes back to the queue.
    await runner(campaignIssueJob, 2).runPending();
    expect(await jobOf(id)).toMatchObject({ status: 'queued', done: 14 });
    expect(await issuedRows(id)).toEqual({ n: 14, people: 14 });
    await runner().runPending();
    expect(await issuedRows(id)).toEqual({ n: 25, people: 25 });
    // The same job again from scratch (a lost progress record): nobody gets a second code.
    await db()
      .update(backgroundJobs)
      .set({ status: 'queued', done: 0, finishedAt: null })
      .where(eq(backgroundJobs.subjectId, id));
    await runner().runPending();
    expect(await issuedRows(id)).toEqual({ n: 25, people: 25 });
    expect((await campaignRow(id)).issuedCount).toBe(25);
  });

  it('keeps nothing of a chunk that failed half-way, and retries it', async () => {
    const { id } = await liveCampaign(10);
    let calls = 0;
    await runner({
      async step(tx, job, limit) {
        const did = await campaignIssueJob.step(tx, job, limit);
        if (++calls === 2) throw new Error('connection reset');
        return did;
      },
    }).runPending();
    expect(await jobOf(id)).toMatchObject({ status: 'done', done: 10, attempts: 2 });
    expect(await issuedRows(id)).toEqual({ n: 10, people: 10 });
    expect((await campaignRow(id)).issuedCount).toBe(10);
  });

  it('shows a customer their issued code in the app', async () => {
    const customer = await verifiedCustomer(t);
    const voucher = await uniqueVoucher(db(), await demoTenantId(t));
    const created = await api.post(
      '/api/voucher-campaigns',
      campaignBody(voucher.id, {
        audience_kind: 'phone_list',
        audience_phones: [customer.phone],
        starts_at: '2026-01-01T00:00:00+08:00',
        ends_at: '2099-01-01T00:00:00+08:00',
      }),
    );
    const id = created.json().data.id as string;
    await api.post(`/api/voucher-campaigns/${id}/status`, { move: 'schedule' });
    await runner().runPending();
    const [code] = await db()
      .select()
      .from(voucherCodes)
      .where(
        and(
          eq(voucherCodes.campaignId, id),
          eq(voucherCodes.customerId, customer.session.customer.id),
        ),
      );
    const list = await requestAs(t).get('/api/mobile/vouchers', customer.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: voucher.id, code: code!.code })]),
    );

    // Redeemed, the code's use counts for its campaign: the redemption and its figures name it.
    const { kl } = await demoOutletIds(t);
    const orderId = await redeemOnce(t, voucher.id, kl, customer.session.customer.id);
    const [redemption] = await db()
      .select({ campaignId: voucherRedemptions.campaignId })
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.orderId, orderId));
    expect(redemption).toEqual({ campaignId: id });
    const figures = await db()
      .select({ campaignId: voucherRollups.campaignId, redemptions: voucherRollups.redemptions })
      .from(voucherRollups)
      .where(eq(voucherRollups.voucherId, voucher.id));
    expect(figures).toEqual([{ campaignId: id, redemptions: 1 }]);
  });
});
