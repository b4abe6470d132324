import { voucherCampaignSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherCampaigns } from '../../db/schema/vouchers';
import { otherTenant } from '../../test/catalogue-fixtures';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { createJobRunner } from '../../lib/jobs/job-runner';
import { createVoucherCampaignService } from './voucher-campaigns.service';
import {
  campaignBody,
  campaignJobs,
  setCampaignStatus,
  storedCampaign,
  uniqueVoucher,
} from '../../test/voucher-campaign-fixtures';
import { auditsOf } from '../../test/fixtures';

// The back office's voucher campaigns (/api/voucher-campaigns): guarded, tenant-scoped, edited
// only before anything is issued, moved by staff only as the status rule allows, moved by time
// on read and by the tick, which enqueues the issuing job once.

let clock = new Date('2026-06-10T04:00:00Z');
const { t, api, as } = useTestApp({
  signIn: ['admin', 'cashier'],
  api: 'admin',
  now: () => clock,
  backgroundJobs: false,
});
const db = () => t.database.db;
let tenantId: string;
let voucherId: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  voucherId = (await uniqueVoucher(db(), tenantId)).id;
  other = await otherTenant(t, 'campaign-rival');
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await api.post('/api/voucher-campaigns', campaignBody(voucherId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return voucherCampaignSchema.strict().parse(res.json().data);
};
const move = (id: string, to: string) =>
  api.post(`/api/voucher-campaigns/${id}/status`, { move: to });
const jobsOf = (id: string) => campaignJobs(db(), id);
/** The service as the app's tick runs it (the app's own tick is off in tests). */
const ticker = () =>
  createVoucherCampaignService({ db: db(), now: () => clock, jobs: createJobRunner({ db: db() }) });
const storedStatus = async (id: string) =>
  (await db().select().from(voucherCampaigns).where(eq(voucherCampaigns.id, id)))[0]!.status;

describe('guards', () => {
  it('answers 401 without a token, 403 without the permission, 404 for another tenant’s id', async () => {
    const mine = await create();
    expect((await api.get('/api/voucher-campaigns', anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/voucher-campaigns', as.cashier), 403, 'forbidden');
    expectCode(
      await api.del(`/api/voucher-campaigns/${mine.id}`, undefined, as.cashier),
      403,
      'forbidden',
    );
    const theirs = await storedCampaign(db(), other.tenant.id, {
      voucherId: (await uniqueVoucher(db(), other.tenant.id)).id,
    });
    expectCode(await api.get(`/api/voucher-campaigns/${theirs.id}`), 404, 'not_found');
    expectCode(await move(theirs.id, 'end'), 404, 'not_found');
    expectCode(await api.del(`/api/voucher-campaigns/${theirs.id}`), 404, 'not_found');
    expectCode(
      await api.put(`/api/voucher-campaigns/${theirs.id}`, campaignBody(voucherId)),
      404,
      'not_found',
    );
    expect(await storedStatus(theirs.id)).toBe('draft');
  });
});

describe('POST /api/voucher-campaigns', () => {
  it('creates a draft and answers the campaign view', async () => {
    const c = await create({ audience_kind: 'new_customers', audience_days: 30 });
    expect(c).toMatchObject({
      status: 'draft',
      audience_kind: 'new_customers',
      audience_days: 30,
      issued_count: 0,
      job: null,
      voucher_id: voucherId,
    });
    const [entry] = await auditsOf(t, 'voucher_campaign.create', c.id);
    expect(entry).toBeDefined();
  });

  it('says why a body is refused (400) and refuses a shared-code voucher (409)', async () => {
    const bad = await api.post(
      '/api/voucher-campaigns',
      campaignBody(voucherId, { name_en: '', ends_at: '2026-07-01T00:00:00+08:00' }),
    );
    expectInvalid(bad, ['ends_at', 'name_en']);
    const phones = await api.post(
      '/api/voucher-campaigns',
      campaignBody(voucherId, {
        audience_kind: 'phone_list',
        audience_phones: ['012-345 6789', 'nope'],
      }),
    );
    expect(detailPaths(phones)).toEqual(['audience_phones.1']);
    const shared = await uniqueVoucher(db(), tenantId, 'shared');
    expectCode(
      await api.post('/api/voucher-campaigns', campaignBody(shared.id)),
      409,
      'voucher_campaign_voucher_shared',
    );
    // Another tenant's voucher or tier is no voucher or tier here.
    const theirs = await uniqueVoucher(db(), other.tenant.id);
    const foreign = await api.post('/api/voucher-campaigns', campaignBody(theirs.id));
    expectInvalid(foreign, ['voucher_id']);
    const tier = await api.post(
      '/api/voucher-campaigns',
      campaignBody(voucherId, { audience_kind: 'tier', audience_tier_id: theirs.id }),
    );
    expect(detailPaths(tier)).toEqual(['audience_tier_id']);
  });

  it('stores a phone list normalised and without repeats', async () => {
    const c = await create({
      audience_kind: 'phone_list',
      audience_phones: ['012-345 6789', '+60123456789', '019 876 5432'],
    });
    expect(c.audience_phones).toEqual(['+60123456789', '+60198765432']);
  });
});

describe('GET /api/voucher-campaigns', () => {
  it('searches names, filters by the status now and pages', async () => {
    const a = await create({ name_en: 'Zq draft one' });
    const b = await create({ name_en: 'Zq soon' });
    expect((await move(b.id, 'schedule')).statusCode).toBe(200);
    const c = await create({ name_en: 'Zq live', starts_at: '2026-06-01T00:00:00+08:00' });
    await setCampaignStatus(db(), c.id, 'scheduled'); // stored stale: time has made it ongoing
    const names = async (query: string) =>
      (await api.get(`/api/voucher-campaigns?q=zq&${query}`))
        .json()
        .data.map((x: { name_en: string }) => x.name_en);
    expect(await names('status=draft')).toEqual(['Zq draft one']);
    expect(await names('status=scheduled')).toEqual(['Zq soon']);
    expect(await names('status=ongoing')).toEqual(['Zq live']);
    expect(await names('status=ended')).toEqual([]);
    const page = await api.get('/api/voucher-campaigns?q=zq&page_size=5&page=1');
    expect(page.json().meta.total).toBe(3);
    expect((await api.get('/api/voucher-campaigns?q=nothing-like-it')).json().data).toEqual([]);
    expect(a.status).toBe('draft');
  });
});

describe('status moves', () => {
  it('schedules, goes live at starts_at (on read, and stored with its one job by the tick), pauses, resumes and ends', async () => {
    clock = new Date('2026-06-10T04:00:00Z');
    const c = await create({ starts_at: '2026-06-20T00:00:00+08:00' });
    expect((await move(c.id, 'schedule')).json().data.status).toBe('scheduled');
    expect((await move(c.id, 'unschedule')).json().data.status).toBe('draft');
    await move(c.id, 'schedule');
    // A millisecond before the start it is scheduled; at the start exactly it is ongoing.
    clock = new Date(Date.parse('2026-06-20T00:00:00+08:00') - 1);
    expect((await api.get(`/api/voucher-campaigns/${c.id}`)).json().data.status).toBe('scheduled');
    clock = new Date('2026-06-20T00:00:00+08:00');
    expect((await api.get(`/api/voucher-campaigns/${c.id}`)).json().data.status).toBe('ongoing');
    expect(await storedStatus(c.id)).toBe('scheduled');
    expect(await jobsOf(c.id)).toHaveLength(0);
    // The campaign is no longer editable once live.
    expectCode(
      await api.put(`/api/voucher-campaigns/${c.id}`, campaignBody(voucherId)),
      409,
      'voucher_campaign_not_editable',
    );
    // The tick stores it and enqueues the issuing job, once however often it runs.
    await ticker().tick();
    await ticker().tick();
    expect(await storedStatus(c.id)).toBe('ongoing');
    expect(await jobsOf(c.id)).toHaveLength(1);
    expect((await move(c.id, 'pause')).json().data.status).toBe('paused');
    const resumed = (await move(c.id, 'resume')).json().data;
    expect(resumed.status).toBe('ongoing');
    expect(resumed.job).toMatchObject({ kind: 'voucher_campaign_issue', status: 'queued' });
    expect(await jobsOf(c.id), 'resuming enqueues no second job').toHaveLength(1);
    expect((await move(c.id, 'end')).json().data.status).toBe('ended');
    const [entry] = await auditsOf(t, 'voucher_campaign.end', c.id);
    expect(entry).toMatchObject({ before: { status: 'ongoing' }, after: { status: 'ended' } });
  });

  it('ends anything live at ends_at exactly, by the tick', async () => {
    clock = new Date('2026-07-30T16:00:00Z');
    const c = await storedCampaign(db(), tenantId, { status: 'paused' });
    const service = ticker();
    await service.tick(new Date(c.endsAt.getTime() - 1));
    expect(await storedStatus(c.id)).toBe('paused');
    await service.tick(c.endsAt);
    expect(await storedStatus(c.id)).toBe('ended');
    expect(await jobsOf(c.id)).toHaveLength(0);
  });

  it('refuses every move the rule refuses, with its own code (409)', async () => {
    clock = new Date('2026-06-10T04:00:00Z');
    const refused: [string, string, string][] = [
      ['draft', 'unschedule', 'voucher_campaign_not_scheduled'],
      ['draft', 'pause', 'voucher_campaign_not_ongoing'],
      ['draft', 'resume', 'voucher_campaign_not_paused'],
      ['scheduled', 'schedule', 'voucher_campaign_not_draft'],
      ['scheduled', 'pause', 'voucher_campaign_not_ongoing'],
      ['scheduled', 'resume', 'voucher_campaign_not_paused'],
      ['ongoing', 'schedule', 'voucher_campaign_not_draft'],
      ['ongoing', 'unschedule', 'voucher_campaign_not_scheduled'],
      ['ongoing', 'resume', 'voucher_campaign_not_paused'],
      ['paused', 'schedule', 'voucher_campaign_not_draft'],
      ['paused', 'unschedule', 'voucher_campaign_not_scheduled'],
      ['paused', 'pause', 'voucher_campaign_not_ongoing'],
      ['ended', 'schedule', 'voucher_campaign_ended'],
      ['ended', 'unschedule', 'voucher_campaign_ended'],
      ['ended', 'pause', 'voucher_campaign_ended'],
      ['ended', 'resume', 'voucher_campaign_ended'],
      ['ended', 'end', 'voucher_campaign_ended'],
    ];
    for (const [status, to, code] of refused) {
      const c = await storedCampaign(db(), tenantId, { status });
      expectCode(await move(c.id, to), 409, code);
      expect(await storedStatus(c.id), `${status} ${to}`).toBe(status);
    }
    expectCode(await move((await create()).id, 'fly'), 400, 'validation_failed');
  });
});

describe('PUT and DELETE', () => {
  it('updates a draft or a scheduled campaign, and deletes only a draft (audited)', async () => {
    clock = new Date('2026-06-10T04:00:00Z');
    const c = await create();
    const renamed = await api.put(
      `/api/voucher-campaigns/${c.id}`,
      campaignBody(voucherId, { name_en: 'Renamed', audience_kind: 'inactive', audience_days: 60 }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name_en: 'Renamed', audience_days: 60 });
    await move(c.id, 'schedule');
    expect(
      (await api.put(`/api/voucher-campaigns/${c.id}`, campaignBody(voucherId))).statusCode,
    ).toBe(200);
    expectCode(await api.del(`/api/voucher-campaigns/${c.id}`), 409, 'voucher_campaign_not_draft');
    await move(c.id, 'unschedule');
    expect((await api.del(`/api/voucher-campaigns/${c.id}`)).statusCode).toBe(200);
    expectCode(await api.get(`/api/voucher-campaigns/${c.id}`), 404, 'not_found');
    const [entry] = await auditsOf(t, 'voucher_campaign.delete', c.id);
    expect(entry).toBeDefined();
  });
});
