import { customerVoucherSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherCampaigns, voucherCodes } from '../../db/schema/vouchers';
import { otherTenant } from '../../test/catalogue-fixtures';
import { addCustomer, freshPhone } from '../../test/customer-fixtures';
import { expectCode } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { addReward } from '../../test/reward-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { addCode, addVoucher } from '../../test/voucher-fixtures';

// The customer details page's vouchers: GET /api/customers/{id}/vouchers lists the codes issued to
// the customer, newest first, with the voucher, the campaign or reward that issued each (or
// printed) and its status now: redeemed, expired from the voucher's valid_until exactly, else
// available. Read-customer, as the rest of the page; bound staff see them too (issued codes are
// the customer's, not an outlet's).

const NOW = new Date('2026-06-10T04:00:00Z');
const { t, api, as } = useTestApp({
  signIn: ['admin', 'manager', 'cashier'],
  api: 'admin',
  now: () => NOW,
});
let tenantId: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  other = await otherTenant(t, 'cv-rival');
});

const newCustomer = (tenant = tenantId) =>
  addCustomer(t, { tenantId: tenant, name: 'Lim Mei Ling', phone: freshPhone() });
/** A code issued to the customer at `createdAt`, with the columns given. */
async function issued(
  voucher: { id: string; tenantId: string },
  customerId: string,
  createdAt: string,
  values: Partial<typeof voucherCodes.$inferInsert> = {},
) {
  const code = await addCode(t, voucher, customerId);
  await t.database.db
    .update(voucherCodes)
    .set({ createdAt: new Date(createdAt), ...values })
    .where(eq(voucherCodes.id, code.id));
  return code;
}

describe('GET /api/customers/{id}/vouchers', () => {
  it('answers 401 without a token, 403 without read-customer, 404 for another tenant', async () => {
    const customer = await newCustomer();
    const url = `/api/customers/${customer.id}/vouchers`;
    expectCode(await api.get(url, anonymous), 401, 'unauthorized');
    expectCode(await api.get(url, as.cashier), 403, 'forbidden');
    const theirs = await newCustomer(other.tenant.id);
    expectCode(await api.get(`/api/customers/${theirs.id}/vouchers`), 404, 'not_found');
    expectCode(await api.get('/api/customers/not-an-id/vouchers'), 400, 'validation_failed');
    expectCode(await api.get(`${url}?page_size=7`), 400, 'validation_failed');
  });

  it('names each code’s source and status, newest first, and pages', async () => {
    const customer = await newCustomer();
    const lasting = await addVoucher(t, { codeKind: 'unique', code: null, nameEn: 'Lasting' });
    // Expired exactly now: valid_until is the first moment it no longer works.
    const endsNow = await addVoucher(t, {
      codeKind: 'unique',
      code: null,
      nameEn: 'Ends now',
      validUntil: NOW,
    });
    const endsLater = await addVoucher(t, {
      codeKind: 'unique',
      code: null,
      nameEn: 'Ends later',
      validUntil: new Date(NOW.getTime() + 1),
    });
    const reward = await addReward(t, {
      voucherId: lasting.id,
      nameEn: 'Latte reward',
      nameMy: 'Ganjaran latte',
    });
    const [campaign] = await t.database.db
      .insert(voucherCampaigns)
      .values({
        tenantId,
        voucherId: lasting.id,
        nameEn: 'Raya blast',
        nameMy: 'Kempen Raya',
        audienceKind: 'all',
        startsAt: new Date('2026-05-01T00:00:00Z'),
        endsAt: new Date('2026-07-01T00:00:00Z'),
      })
      .returning();
    const printed = await issued(lasting, customer.id, '2026-06-01T00:00:00Z');
    const fromReward = await issued(lasting, customer.id, '2026-06-02T00:00:00Z', {
      rewardId: reward.id,
      redeemedAt: new Date('2026-06-05T00:00:00Z'),
    });
    const fromCampaign = await issued(lasting, customer.id, '2026-06-03T00:00:00Z', {
      campaignId: campaign!.id,
    });
    const expired = await issued(endsNow, customer.id, '2026-06-04T00:00:00Z');
    const stillGood = await issued(endsLater, customer.id, '2026-06-05T00:00:00Z');
    // Someone else's code is not this customer's.
    await issued(lasting, (await newCustomer()).id, '2026-06-06T00:00:00Z');

    const res = await api.get(`/api/customers/${customer.id}/vouchers`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => customerVoucherSchema.strict().parse(r));
    expect(res.json().meta).toEqual({ page: 1, page_size: 10, total: 5 });
    expect(
      rows.map(
        (r: { id: string; source: string; status: string; source_name_en: string | null }) => [
          r.id,
          r.source,
          r.source_name_en,
          r.status,
        ],
      ),
    ).toEqual([
      [stillGood.id, 'printed', null, 'available'],
      [expired.id, 'printed', null, 'expired'],
      [fromCampaign.id, 'campaign', 'Raya blast', 'available'],
      [fromReward.id, 'reward', 'Latte reward', 'redeemed'],
      [printed.id, 'printed', null, 'available'],
    ]);
    expect(rows[3]).toMatchObject({
      code: fromReward.code,
      voucher_name_en: 'Lasting',
      source_name_my: 'Ganjaran latte',
      redeemed_at: '2026-06-05T00:00:00.000Z',
      issued_at: '2026-06-02T00:00:00.000Z',
    });
    expect(rows[1].valid_until).toBe(NOW.toISOString());

    const page2 = await api.get(`/api/customers/${customer.id}/vouchers?page=2&page_size=5`);
    expect(page2.json()).toMatchObject({ data: [], meta: { page: 2, total: 5 } });
  });

  it('shows an outlet-bound manager the customer’s codes, as the customer is chain-wide', async () => {
    const customer = await newCustomer();
    const voucher = await addVoucher(t, { codeKind: 'unique', code: null });
    const code = await issued(voucher, customer.id, '2026-06-01T00:00:00Z');
    const res = await api.get(`/api/customers/${customer.id}/vouchers`, as.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([code.id]);
    const empty = await api.get(`/api/customers/${(await newCustomer()).id}/vouchers`);
    expect(empty.json()).toEqual({ data: [], meta: { page: 1, page_size: 10, total: 0 } });
  });
});
