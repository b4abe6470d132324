import { desc, eq } from 'drizzle-orm';
import { backgroundJobs } from '../db/schema/jobs';
import { membershipTiers } from '../db/schema/membership-tiers';
import { voucherCodes } from '../db/schema/vouchers';
import type { Clock } from '../lib/clock';
import { createCampaignIssueJob } from '../modules/voucher-campaigns/campaign-issue-job';
import { addCustomer, freshPhone } from './customer-fixtures';
import type { TestApp } from './test-app';
import { campaignBody, uniqueVoucher } from './voucher-campaign-fixtures';
import type { Requests as AdminRequests } from './tenant-isolation-send';

// The tenant-isolation scenario's part for voucher campaigns and their usage, as tenant A's
// admin: a campaign to a few of A's customers is created, read, changed and scheduled with a
// start already past (so it goes live and its job issues the codes); one issued code is taken
// away so that pausing and resuming enqueues a continuation; the job's step then meets the
// paused campaign and ends its job; the campaign ends, a draft for a tier is deleted, and the three usage
// views, the campaign's own usage and their exports are read.

export async function campaignsPart(
  t: TestApp,
  a: AdminRequests,
  refs: { tenantId: string; outletId: string; now: Clock },
) {
  const { db } = t.database;
  const voucher = await uniqueVoucher(db, refs.tenantId);
  // Three customers who had joined before the scenario's moment: the audience stays small.
  const phones: string[] = [];
  for (const name of ['Iso One', 'Iso Two', 'Iso Three']) {
    const joined = new Date(refs.now().getTime() - 30 * 86_400_000);
    phones.push((await addCustomer(t, { name, phone: freshPhone(), createdAt: joined })).phone);
  }
  const body = campaignBody(voucher.id, {
    name_en: 'Iso campaign',
    audience_kind: 'phone_list',
    audience_phones: phones,
    starts_at: '2026-06-01T00:00:00+08:00',
    ends_at: '2026-06-30T00:00:00+08:00',
  });
  const campaign = (await a.post('/api/voucher-campaigns', body)).data as { id: string };
  await a.get('/api/voucher-campaigns?q=iso&status=draft');
  await a.get(`/api/voucher-campaigns/${campaign.id}`);
  await a.put(`/api/voucher-campaigns/${campaign.id}`, { ...body, name_my: 'Kempen iso' });

  const issued = async () => {
    // The runner issues meanwhile; its calls are recorded once its job is done.
    for (let i = 0; i < 400; i++) {
      const { data } = await a.get(`/api/voucher-campaigns/${campaign.id}`);
      if (data.job?.status === 'done') return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  await a.post(`/api/voucher-campaigns/${campaign.id}/status`, { move: 'schedule' });
  await issued();
  const [one] = await db
    .select({ id: voucherCodes.id })
    .from(voucherCodes)
    .where(eq(voucherCodes.campaignId, campaign.id))
    .limit(1);
  const [taken] = one
    ? await db.delete(voucherCodes).where(eq(voucherCodes.id, one.id)).returning()
    : [];
  await a.post(`/api/voucher-campaigns/${campaign.id}/status`, { move: 'pause' });
  await a.post(`/api/voucher-campaigns/${campaign.id}/status`, { move: 'resume' });
  if (taken) await issued();
  await a.post(`/api/voucher-campaigns/${campaign.id}/status`, { move: 'pause' });
  const [job] = await db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.subjectId, campaign.id))
    .orderBy(desc(backgroundJobs.createdAt))
    .limit(1);
  if (job) await createCampaignIssueJob(refs.now).step(db, job, 10);
  await a.post(`/api/voucher-campaigns/${campaign.id}/status`, { move: 'end' });

  const [tier] = await db
    .insert(membershipTiers)
    .values({
      tenantId: refs.tenantId,
      nameEn: 'Iso tier',
      nameMy: 'Iso',
      threshold: 90_000,
      colour: '#123456',
    })
    .returning();
  const toTier = { audience_kind: 'tier', audience_tier_id: tier!.id };
  const draft = (await a.post('/api/voucher-campaigns', campaignBody(voucher.id, toTier))).data as {
    id: string;
  };
  await a.del(`/api/voucher-campaigns/${draft.id}`);

  const range = `from=2026-06-01&to=2026-06-10&outlet_id=${refs.outletId}`;
  await a.get(`/api/voucher-campaigns/usage/daily?${range}`);
  await a.get(`/api/voucher-campaigns/usage/daily/export?${range}&format=xlsx`);
  await a.get(`/api/voucher-campaigns/usage/latest?limit=10&outlet_id=${refs.outletId}`);
  await a.get('/api/voucher-campaigns/usage/ongoing');
  await a.get('/api/voucher-campaigns/usage/ongoing/export?format=csv');
  await a.get(`/api/voucher-campaigns/${campaign.id}/usage?${range}`);
}
