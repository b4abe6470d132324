import { voucherCampaignDrivers } from './idempotency-walk/voucher-campaigns';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin', backgroundJobs: false });
walkReusedKeys(ctx, voucherCampaignDrivers(ctx), () => ctx.as.admin);
