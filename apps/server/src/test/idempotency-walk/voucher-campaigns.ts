import { inArray } from 'drizzle-orm';
import { voucherCampaigns } from '../../db/schema/vouchers';
import { demoTenantId } from '../order-fixtures';
import type { TestAppContext } from '../use-test-app';
import { campaignBody, storedCampaign, uniqueVoucher } from '../voucher-campaign-fixtures';
import { twoTargets, type Drivers } from './walk';
import { rowsIn } from '../fixtures';

// Voucher campaigns. Every driver makes its own draft campaigns (a period far ahead, so a
// schedule issues nothing), so one route's drive never changes what another reads.

const ahead = { starts_at: '2098-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z' };

export function voucherCampaignDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t } = ctx;
  const db = () => t.database.db;
  const voucherId = async () => (await uniqueVoucher(db(), await demoTenantId(t))).id;
  const draft = async () =>
    storedCampaign(db(), await demoTenantId(t), {
      startsAt: new Date(ahead.starts_at),
      endsAt: new Date(ahead.ends_at),
    });
  const byIds = (ids: string[]) => rowsIn(t, voucherCampaigns, voucherCampaigns.id, ids);
  return {
    'POST /api/voucher-campaigns': async () => {
      const v = await voucherId();
      const [a, b] = [campaignBody(v, ahead), campaignBody(v, ahead)];
      return {
        url: '/api/voucher-campaigns',
        first: a,
        second: b,
        effect: () =>
          db()
            .select()
            .from(voucherCampaigns)
            .where(inArray(voucherCampaigns.nameEn, [a.name_en, b.name_en])),
      };
    },
    'PUT /api/voucher-campaigns/:id': async () => {
      const c = await draft();
      return {
        url: `/api/voucher-campaigns/${c.id}`,
        first: campaignBody(c.voucherId, { ...ahead, name_en: 'Walk A' }),
        second: campaignBody(c.voucherId, { ...ahead, name_en: 'Walk B' }),
        effect: () => byIds([c.id]),
      };
    },
    'POST /api/voucher-campaigns/:id/status': async () => {
      const c = await draft();
      return {
        url: `/api/voucher-campaigns/${c.id}/status`,
        first: { move: 'schedule' },
        second: { move: 'end' },
        effect: () => byIds([c.id]),
      };
    },
    'DELETE /api/voucher-campaigns/:id': () =>
      twoTargets(
        draft,
        (a) => `/api/voucher-campaigns/${a.id}`,
        (a, b) => byIds([a.id, b.id]),
      ),
  };
}
