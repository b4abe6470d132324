import type { Db } from '../db/database';
import type { MatrixRow } from './authorization-matrix';
import { storedCampaign } from './voucher-campaign-fixtures';

// The authorization matrix's rows and requests for the voucher usage routes (read-voucher-campaign:
// the admin and the superadmin in the demo; marketing too, which the matrix has no column for).

const readOnly = (route: string): MatrixRow => ({
  route,
  expect: { superadmin: 200, admin: 200, manager: 403, cashier: 403, finance: 403 },
});

export const voucherUsageMatrixRows: MatrixRow[] = [
  readOnly('GET /api/voucher-campaigns/usage/daily'),
  readOnly('GET /api/voucher-campaigns/usage/daily/export'),
  readOnly('GET /api/voucher-campaigns/usage/latest'),
  readOnly('GET /api/voucher-campaigns/usage/ongoing'),
  readOnly('GET /api/voucher-campaigns/usage/ongoing/export'),
  readOnly('GET /api/voucher-campaigns/:id/usage'),
];

export function voucherUsageMatrixRequests(env: () => { db: Db; tenantId: string }) {
  const newCampaign = () =>
    storedCampaign(env().db, env().tenantId, {
      nameEn: 'Matrix campaign',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2026-02-01T00:00:00Z'),
    });
  const range = 'from=2026-01-01&to=2026-01-31';
  return {
    'GET /api/voucher-campaigns/usage/daily': () => ({
      url: `/api/voucher-campaigns/usage/daily?${range}`,
    }),
    'GET /api/voucher-campaigns/usage/daily/export': () => ({
      url: `/api/voucher-campaigns/usage/daily/export?${range}&format=csv`,
    }),
    'GET /api/voucher-campaigns/usage/latest': () => ({
      url: '/api/voucher-campaigns/usage/latest?limit=5',
    }),
    'GET /api/voucher-campaigns/usage/ongoing': () => ({
      url: '/api/voucher-campaigns/usage/ongoing',
    }),
    'GET /api/voucher-campaigns/usage/ongoing/export': () => ({
      url: '/api/voucher-campaigns/usage/ongoing/export?format=xlsx',
    }),
    'GET /api/voucher-campaigns/:id/usage': async () => ({
      url: `/api/voucher-campaigns/${(await newCampaign()).id}/usage`,
    }),
  };
}
