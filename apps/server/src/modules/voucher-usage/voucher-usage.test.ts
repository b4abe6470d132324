import {
  campaignUsageSchema,
  voucherUsageDailySchema,
  voucherUsageOngoingSchema,
  voucherUsageRedemptionSchema,
} from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherCampaigns } from '../../db/schema/vouchers';
import { demoOutletIds, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createUser } from '../../test/fixtures';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import { paidOrder } from '../../test/refund-fixtures';
import { anonymous, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { addVoucher } from '../../test/voucher-fixtures';
import { addCampaign, underCampaign } from './voucher-usage-fixtures';

// GET /api/voucher-campaigns/usage/{daily,latest,ongoing} and /{id}/usage (read-voucher-campaign):
// the figures of the voucher rollups by day, the newest redemptions (customer names in full only
// with read-customer), the campaigns running now, one campaign's days; an outlet-bound reader
// sees only their outlet. Expected figures are written out from the sales made here.

const DAY1 = '2026-06-10';
const DAY2 = '2026-06-11';
const clock = testClock(`${DAY1}T04:00:00Z`); // Wednesday 12:00 in Kuala Lumpur
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'cashier'], api: 'admin' });
let kl: string;
let pg: string;
let reader: Record<string, string>; // read-voucher-campaign without read-customer
let klReader: Record<string, string>; // the same, bound to KL01
let campaignId: string;
let endedCampaignId: string;

const PRICE = 1000;
const OFF = 150;
const TOTAL = Math.round((PRICE - OFF) * 1.06); // pick-up card sale: 6% SST, no service charge
const URL = '/api/voucher-campaigns/usage';

async function signedIn(username: string, outletId: string | null = null) {
  await createUser(t, {
    username,
    tenantId: await demoTenantId(t),
    permissions: ['read-voucher-campaign'],
    outletId,
  });
  return t.bearer((await t.login(username)).token);
}

beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
  reader = await signedIn('usage-reader');
  klReader = await signedIn('usage-kl', kl);
  const product = (await addProduct(t, { sku: 'VU-1000', price: PRICE })).id;
  const voucher = await addVoucher(t, { value: OFF, nameEn: 'June treat', nameMy: 'Hadiah Jun' });
  const campaign = await addCampaign(t, { voucherId: voucher.id, issuedCount: 3 });
  campaignId = campaign.id;
  endedCampaignId = (
    await addCampaign(t, { voucherId: voucher.id, nameEn: 'Over', status: 'ended' })
  ).id;
  const sale = (outletId: string, name: string) =>
    paidOrder(t, as.admin, {
      outlet_id: outletId,
      items: [{ product_id: product, quantity: 1 }],
      payments: [{ method: 'card', amount: TOTAL, reference: 'CARD-VU' }],
      voucher_code: voucher.code!,
      customer_name: name,
    });
  const first = await sale(kl, 'Tan Mei Ling');
  await underCampaign(t, first.id, campaign.id);
  clock.set(`${DAY1}T04:05:00Z`);
  await sale(pg, 'Siti');
});

describe('GET /api/voucher-campaigns/usage/daily', () => {
  it('answers every day of the range with the figures of the sales made', async () => {
    const res = await api.get(`${URL}/daily?from=${DAY1}&to=${DAY2}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = voucherUsageDailySchema.parse(res.json().data);
    const zero = { redemptions: 0, discount: 0, sales: 0, returned: 0, returned_discount: 0 };
    const day1 = { ...zero, redemptions: 2, discount: 2 * OFF, sales: 2 * TOTAL, refunds: 0 };
    expect(data.days).toEqual([
      { date: DAY1, ...day1 },
      { date: DAY2, ...zero, refunds: 0 },
    ]);
    expect(data.totals).toEqual(day1);
    const one = await api.get(`${URL}/daily?from=${DAY1}&to=${DAY1}&outlet_id=${pg}`);
    expect(voucherUsageDailySchema.parse(one.json().data).totals).toMatchObject({
      redemptions: 1,
      sales: TOTAL,
    });
  });

  it('keeps an outlet-bound reader to their outlet', async () => {
    const own = await requestAs(t, klReader).get(`${URL}/daily?from=${DAY1}&to=${DAY1}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(voucherUsageDailySchema.parse(own.json().data)).toMatchObject({
      outlet_id: kl,
      totals: { redemptions: 1, discount: OFF },
    });
    const other = await requestAs(t, klReader).get(
      `${URL}/daily?from=${DAY1}&to=${DAY1}&outlet_id=${pg}`,
    );
    expectCode(other, 404, 'not_found');
  });

  it('takes 366 days, refuses 367 and a range that ends before it starts', async () => {
    // 2025-06-10 to 2026-06-10, both included: 366 days (no 29 February between).
    const longest = await api.get(`${URL}/daily?from=2025-06-10&to=${DAY1}`);
    expect(longest.statusCode).toBe(200);
    expect(longest.json().data.days).toHaveLength(366);
    const tooLong = await api.get(`${URL}/daily?from=2025-06-09&to=${DAY1}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code_message).toBe('validation_failed');
    expectCode(await api.get(`${URL}/daily?from=${DAY2}&to=${DAY1}`), 400, 'validation_failed');
    expectCode(await api.get(`${URL}/daily?from=${DAY1}`), 400, 'validation_failed');
  });

  it('asks for a token and read-voucher-campaign', async () => {
    const path = `${URL}/daily?from=${DAY1}&to=${DAY1}`;
    expectCode(await requestAs(t, anonymous).get(path), 401, 'unauthorized');
    expectCode(await requestAs(t, as.cashier).get(path), 403, 'forbidden');
  });

  it('exports the days as CSV and XLSX', async () => {
    const csv = await api.get(`${URL}/daily/export?from=${DAY1}&to=${DAY2}&lang=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    const money = (sen: number) => (sen / 100).toFixed(2);
    expect(csv.body.replace('\uFEFF', '').trim().split(/\r?\n/)).toEqual([
      'Business date,Redemptions,Given back,Redemptions standing,Discount (RM),Discount given back (RM),Discount given (RM),Sales with a voucher (RM),Refunds (RM),Sales after refunds (RM)',
      `2026/06/10,2,0,2,${money(2 * OFF)},0.00,${money(2 * OFF)},${money(2 * TOTAL)},0.00,${money(2 * TOTAL)}`,
      '2026/06/11,0,0,0,0.00,0.00,0.00,0.00,0.00,0.00',
      `Total,2,0,2,${money(2 * OFF)},0.00,${money(2 * OFF)},${money(2 * TOTAL)},0.00,${money(2 * TOTAL)}`,
    ]);
    const xlsx = await api.get(`${URL}/daily/export?from=${DAY1}&to=${DAY2}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('GET /api/voucher-campaigns/usage/latest', () => {
  it('lists the newest first with names in full for who may read customers', async () => {
    const res = await api.get(`${URL}/latest?limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => voucherUsageRedemptionSchema.parse(r));
    expect(
      rows.map((r: { customer_name: string; outlet: { id: string } }) => [
        r.customer_name,
        r.outlet.id,
      ]),
    ).toEqual([
      ['Siti', pg],
      ['Tan Mei Ling', kl],
    ]);
    expect(rows[1]).toMatchObject({
      discount: OFF,
      status: 'redeemed',
      customer_masked: false,
      campaign: { id: campaignId, name_en: 'June campaign' },
      voucher: { name_en: 'June treat', name_my: 'Hadiah Jun' },
    });
    expect(rows[0].campaign).toBeNull();
    const one = await api.get(`${URL}/latest?limit=1`);
    expect(one.json().data).toHaveLength(1);
  });

  it('shows only initials to a reader without read-customer, and their outlet when bound', async () => {
    const res = await requestAs(t, reader).get(`${URL}/latest`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { customer_name: string }) => r.customer_name)).toEqual([
      'S•••',
      'T••• M••• L•••',
    ]);
    const bound = await requestAs(t, klReader).get(`${URL}/latest`);
    expect(bound.json().data.map((r: { outlet: { id: string } }) => r.outlet.id)).toEqual([kl]);
  });

  it('takes a limit from 1 to 100', async () => {
    expect((await api.get(`${URL}/latest?limit=100`)).statusCode).toBe(200);
    expectCode(await api.get(`${URL}/latest?limit=101`), 400, 'validation_failed');
    expectCode(await api.get(`${URL}/latest?limit=0`), 400, 'validation_failed');
  });
});

describe('GET /api/voucher-campaigns/usage/ongoing', () => {
  it('lists the campaigns running now with their figures', async () => {
    const res = await api.get(`${URL}/ongoing`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => voucherUsageOngoingSchema.parse(r));
    // The ended one is not running; ends 2026-07-01T00:00Z, now 2026-06-10T04:05Z: 20.8 days.
    expect(rows.map((r: { id: string }) => r.id)).toEqual([campaignId]);
    expect(rows[0]).toMatchObject({
      issued: 3,
      redeemed: 1,
      redemption_rate_bp: 3333,
      discount_given: OFF,
      sales: TOTAL,
      days_left: 21,
    });
    expect(rows.map((r: { id: string }) => r.id)).not.toContain(endedCampaignId);
  });

  it('counts time: a scheduled campaign runs from its start, none after its end', async () => {
    await t.database.db
      .update(voucherCampaigns)
      .set({ status: 'scheduled' })
      .where(eq(voucherCampaigns.id, campaignId));
    clock.set('2026-05-31T23:59:59Z');
    expect((await api.get(`${URL}/ongoing`)).json().data).toEqual([]);
    clock.set('2026-06-01T00:00:00Z');
    expect((await api.get(`${URL}/ongoing`)).json().data).toHaveLength(1);
    clock.set('2026-07-01T00:00:00Z');
    expect((await api.get(`${URL}/ongoing`)).json().data).toEqual([]);
    clock.set(`${DAY1}T04:05:00Z`);
    await t.database.db
      .update(voucherCampaigns)
      .set({ status: 'ongoing' })
      .where(eq(voucherCampaigns.id, campaignId));
  });

  it('exports the running campaigns', async () => {
    const csv = await api.get(`${URL}/ongoing/export?lang=my`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Kempen,Baucar,Mula,Tamat');
    expect(lines[1]).toBe(
      `Kempen Jun,Hadiah Jun,2026/06/01 08:00:00,2026/07/01 08:00:00,3,1,33.33,${(OFF / 100).toFixed(2)},${(TOTAL / 100).toFixed(2)},21`,
    );
  });
});

describe('GET /api/voucher-campaigns/{id}/usage', () => {
  it('answers the campaign’s days so far with its figures', async () => {
    const res = await api.get(`/api/voucher-campaigns/${campaignId}/usage`);
    expect(res.statusCode, res.body).toBe(200);
    const data = campaignUsageSchema.parse(res.json().data);
    expect(data).toMatchObject({ from: '2026-06-01', to: DAY1, campaign: { issued: 3 } });
    expect(data.days).toHaveLength(10);
    expect(data.days.filter((d) => d.redemptions > 0)).toEqual([
      expect.objectContaining({ date: DAY1, redemptions: 1, discount: OFF, sales: TOTAL }),
    ]);
  });

  it('is a 404 for another tenant’s campaign and a 400 for a bad id', async () => {
    const other = await otherTenant(t, 'usage-other');
    const voucher = await addVoucher(t, { tenantId: other.tenant.id });
    const theirs = await addCampaign(t, { voucherId: voucher.id, tenantId: other.tenant.id });
    expectCode(await api.get(`/api/voucher-campaigns/${theirs.id}/usage`), 404, 'not_found');
    const own = await requestAs(t, other.headers).get(`/api/voucher-campaigns/${theirs.id}/usage`);
    expect(own.statusCode, own.body).toBe(200);
    expectCode(await api.get('/api/voucher-campaigns/nope/usage'), 400, 'validation_failed');
    expectCode(
      await requestAs(t, as.cashier).get(`/api/voucher-campaigns/${campaignId}/usage`),
      403,
      'forbidden',
    );
  });
});
