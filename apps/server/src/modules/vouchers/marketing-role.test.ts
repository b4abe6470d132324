import { describe, expect, it } from 'vitest';
import { demoTenantId } from '../../test/order-fixtures';
import { rewardBody } from '../../test/reward-fixtures';
import { requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { campaignBody, uniqueVoucher } from '../../test/voucher-campaign-fixtures';
import { voucherBody } from '../../test/voucher-admin-fixtures';

// The seeded marketing role runs the chain's vouchers, campaigns and rewards, and reads the
// customers and tiers a campaign's audience names; it sells nothing, refunds nothing and reads
// no sales report.

const { t, as } = useTestApp({ signIn: ['marketing'] });
const marketing = () => requestAs(t, as.marketing);

describe('the marketing role', () => {
  it('creates a voucher, a campaign and a reward, and reads their lists', async () => {
    const voucher = await marketing().post(
      '/api/vouchers',
      voucherBody({ name_en: 'Marketing voucher', code: 'MKTG10' }),
    );
    expect(voucher.statusCode, voucher.body).toBe(201);
    const unique = await uniqueVoucher(t.database.db, await demoTenantId(t));
    const campaign = await marketing().post('/api/voucher-campaigns', campaignBody(unique.id));
    expect(campaign.statusCode, campaign.body).toBe(201);
    const reward = await marketing().post('/api/voucher-rewards', rewardBody(unique.id));
    expect(reward.statusCode, reward.body).toBe(201);
    for (const url of [
      '/api/vouchers',
      '/api/voucher-campaigns',
      '/api/voucher-rewards',
      '/api/voucher-campaigns/usage/ongoing',
      '/api/customers',
      '/api/membership-tiers',
    ]) {
      const res = await marketing().get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('is refused the orders, the refunds and the sales report', async () => {
    for (const url of ['/api/orders', '/api/refunds', '/api/reports/sales?group_by=day']) {
      const res = await marketing().get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
  });
});
