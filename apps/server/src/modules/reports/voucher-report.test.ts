import { salesReportSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { signedInUser } from '../../test/fixtures';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import { paidOrder } from '../../test/refund-fixtures';
import { requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { addVoucher } from '../../test/voucher-fixtures';
import { addCampaign, underCampaign } from '../voucher-usage/voucher-usage-fixtures';

// GET /api/reports/sales?group_by=voucher (decision 053): a row per voucher with its figures in
// the range, split by campaign, by discount given; the outlet filter and an outlet-bound reader
// narrow it like the other groupings; the file has a row per voucher and per campaign.

const DAY = '2026-06-10';
const clock = testClock(`${DAY}T04:00:00Z`);
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'], api: 'admin' });
let kl: string;
let pg: string;
let bound: Record<string, string>;
const PRICE = 1000;
const totalOf = (off: number) => Math.round((PRICE - off) * 1.06);
type Voucher = Awaited<ReturnType<typeof addVoucher>>;
let big: Voucher;
let small: Voucher;
let campaignId: string;

beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
  bound = await signedInUser(t, {
    username: 'report-kl',
    tenantId: await demoTenantId(t),
    permissions: ['read-report'],
    outletId: kl,
  });
  const product = (await addProduct(t, { sku: 'VRP-1', price: PRICE })).id;
  big = await addVoucher(t, { value: 300, nameEn: 'Three off', nameMy: 'Tiga' });
  small = await addVoucher(t, { value: 100, nameEn: 'One off' });
  campaignId = (await addCampaign(t, { voucherId: big.id, nameEn: 'June push' })).id;
  const sale = (outletId: string, code: string, off: number) =>
    paidOrder(t, as.admin, {
      outlet_id: outletId,
      items: [{ product_id: product, quantity: 1 }],
      payments: [{ method: 'card', amount: totalOf(off), reference: 'CARD-VRP' }],
      voucher_code: code,
    });
  const first = await sale(kl, big.code!, 300);
  await underCampaign(t, first.id, campaignId);
  await sale(kl, big.code!, 300);
  await sale(pg, small.code!, 100);
});

const byVoucher = async (headers: Record<string, string>, extra = '') => {
  const res = await requestAs(t, headers).get(
    `/api/reports/sales?group_by=voucher&from=${DAY}&to=${DAY}&compare=none${extra}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const report = salesReportSchema.parse(res.json().data);
  if (report.group_by !== 'voucher') throw new Error(report.group_by);
  return report;
};
const figures = (redemptions: number, off: number) => ({
  redemptions,
  discount: redemptions * off,
  sales: redemptions * totalOf(off),
  returned: 0,
  returned_discount: 0,
  refunds: 0,
});

describe('the sales report by voucher', () => {
  it('answers each voucher by discount given, split by campaign', async () => {
    const report = await byVoucher(as.admin);
    expect(report.rows.map((r) => [r.key, r.label, r.current])).toEqual([
      [big.id, 'Three off', figures(2, 300)],
      [small.id, 'One off', figures(1, 100)],
    ]);
    expect(report.rows[0]!.campaigns.map((c) => [c.key, c.label, c.current])).toEqual([
      [campaignId, 'June push', figures(1, 300)],
      [null, null, figures(1, 300)],
    ]);
    // The totals are the sales of every order of the day, as in the other groupings.
    expect(report.totals.current.orders).toBeGreaterThanOrEqual(3);
  });

  it('narrows to the outlet asked for, and an outlet-bound reader to theirs', async () => {
    expect((await byVoucher(as.admin, `&outlet_id=${pg}`)).rows.map((r) => r.key)).toEqual([
      small.id,
    ]);
    expect((await byVoucher(bound)).rows.map((r) => r.key)).toEqual([big.id]);
    const other = await requestAs(t, bound).get(
      `/api/reports/sales?group_by=voucher&from=${DAY}&to=${DAY}&outlet_id=${pg}`,
    );
    expectCode(other, 404, 'not_found');
  });

  it('compares with the previous period', async () => {
    const res = await api.get(`/api/reports/sales?group_by=voucher&from=${DAY}&to=${DAY}`);
    const report = salesReportSchema.parse(res.json().data);
    if (report.group_by !== 'voucher') throw new Error(report.group_by);
    expect(report.rows[0]!.previous).toEqual(figures(0, 0));
  });

  it('writes a row per voucher and per campaign to the file', async () => {
    const res = await api.get(
      `/api/reports/sales/export?group_by=voucher&from=${DAY}&to=${DAY}&compare=none&lang=en`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ringgit = (sen: number) => (sen / 100).toFixed(2);
    expect(res.body.replace('\uFEFF', '').trim().split(/\r?\n/)).toEqual([
      'Voucher,Campaign,Redemptions,Given back,Discount given (RM),Sales with a voucher after refunds (RM)',
      `Three off,All,2,0,6.00,${ringgit(2 * totalOf(300))}`,
      `Three off,June push,1,0,3.00,${ringgit(totalOf(300))}`,
      `Three off,No campaign,1,0,3.00,${ringgit(totalOf(300))}`,
      `One off,All,1,0,1.00,${ringgit(totalOf(100))}`,
      `Total,,3,0,7.00,${ringgit(2 * totalOf(300) + totalOf(100))}`,
    ]);
  });
});
