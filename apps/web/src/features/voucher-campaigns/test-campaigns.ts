import type { BackgroundJob, VoucherCampaign } from '@kopi/contract';

// Campaigns as the API answers them, for the campaigns panel's tests.

export const testCampaign = (
  id: string,
  name: string,
  patch: Partial<VoucherCampaign> = {},
): VoucherCampaign => ({
  id,
  name_en: name,
  name_my: null,
  voucher_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  voucher_name: 'RM 5 off',
  audience_kind: 'all',
  audience_tier_id: null,
  audience_days: null,
  audience_phones: [],
  starts_at: '2026-07-01T00:00:00.000Z',
  ends_at: '2026-07-31T00:00:00.000Z',
  status: 'draft',
  issued_count: 0,
  job: null,
  created_at: '2026-06-01T00:00:00.000Z',
  updated_at: '2026-06-01T00:00:00.000Z',
  ...patch,
});

export const testJob = (patch: Partial<BackgroundJob> = {}): BackgroundJob => ({
  id: 'job-1',
  kind: 'voucher_campaign_issue',
  status: 'running',
  done: 0,
  total: 100,
  error: null,
  created_at: '2026-07-01T00:00:00.000Z',
  finished_at: null,
  ...patch,
});
