import type { Db } from '../db/database';
import { campaignBody, storedCampaign, uniqueVoucher } from './voucher-campaign-fixtures';

// The authorization matrix's requests for the voucher campaigns' routes: each on a fresh draft
// campaign of the demo tenant (a period far ahead, so scheduling it issues nothing), written
// straight to the database, so one role's write never changes another's.

const future = {
  startsAt: new Date('2098-01-01T00:00:00Z'),
  endsAt: new Date('2099-01-01T00:00:00Z'),
};

export function voucherCampaignMatrixRequests(env: () => { db: Db; tenantId: string }) {
  const draft = async () => (await storedCampaign(env().db, env().tenantId, future)).id;
  const body = async () =>
    campaignBody((await uniqueVoucher(env().db, env().tenantId)).id, {
      starts_at: '2098-01-01T00:00:00Z',
      ends_at: '2099-01-01T00:00:00Z',
    });
  return {
    'GET /api/voucher-campaigns': () => ({ url: '/api/voucher-campaigns?status=draft' }),
    'GET /api/voucher-campaigns/:id': async () => ({
      url: `/api/voucher-campaigns/${await draft()}`,
    }),
    'POST /api/voucher-campaigns': async () => ({
      url: '/api/voucher-campaigns',
      payload: await body(),
    }),
    'PUT /api/voucher-campaigns/:id': async () => ({
      url: `/api/voucher-campaigns/${await draft()}`,
      payload: await body(),
    }),
    'POST /api/voucher-campaigns/:id/status': async () => ({
      url: `/api/voucher-campaigns/${await draft()}/status`,
      payload: { move: 'schedule' },
    }),
    'DELETE /api/voucher-campaigns/:id': async () => ({
      url: `/api/voucher-campaigns/${await draft()}`,
    }),
  };
}
