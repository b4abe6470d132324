import { addDays } from '@kopi/contract';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { walletAdjustments } from '../../db/schema/loyalty';
import { demoOutletIds } from '../catalogue-fixtures';
import { addCustomer, freshPhone } from '../customer-fixtures';
import { createUser } from '../fixtures';
import { addProduct, cardSale, demoTenantId } from '../order-fixtures';
import { defaultLoyaltySettings, defaultReferralSettings } from '../points-fixtures';
import { amountRefund, paidOrder, refundOf } from '../refund-fixtures';
import type { TestAppContext } from '../use-test-app';
import { balanceOf, pendingAdjustment, walletCustomer } from '../wallet-fixtures';
import { loyaltyAppMobileDrivers } from './loyalty-app-mobile';
import { twoTargets, type DriverSet, type Drivers } from './walk';

// Order and refund moves, the day close, customers, tiers, loyalty and referral settings, wallet
// adjustment approvals (here) and the customer app's writes (loyalty-app-mobile.ts). Walked with
// the clock of loyalty-app-mobile.ts, at noon in Kuala Lumpur, when the outlets take app orders.

let counter = 0;
const n = () => ++counter;

const tierBody = (threshold: number, name = `Reuse tier ${threshold}`) => ({
  name_en: name,
  name_my: 'Peringkat guna semula',
  threshold,
  points_per_rm: 100,
  colour: '#336699',
});

function staffDrivers({ t, api, as }: TestAppContext<'admin'>): Drivers {
  const admin = () => as.admin;
  const db = () => t.database.db;

  /** A PENDING card sale of a fresh RM 5.00 product (RM 5.30 with SST) at KL01. */
  async function sale() {
    const product = await addProduct(t, { sku: `REUSE-LA-${n()}`, price: 500 });
    return paidOrder(t, admin(), cardSale((await demoOutletIds(t)).kl, product.id, 530));
  }
  async function moved(id: string, status: string) {
    const res = await api.post(`/api/orders/${id}/status`, { status }, admin());
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A sale moved to ready (COMPLETED), waiting to be handed over. */
  async function readySale() {
    const { id } = await sale();
    await moved(id, 'APPROVED');
    await moved(id, 'COMPLETED');
    return id;
  }
  const orderOf = async (id: string) => (await api.get(`/api/orders/${id}`, admin())).json().data;

  /** Another user of the demo tenant with `permissions`, signed in: no one reviews their own asks. */
  async function colleague(permissions: string[]) {
    const username = `reuse-la-${n()}`;
    await createUser(t, { username, tenantId: await demoTenantId(t), permissions });
    return t.bearer((await t.login(username)).token);
  }

  const customerOf = async (id: string) =>
    (await api.get(`/api/customers/${id}`, admin())).json().data;
  const lookup = async (phone: string) =>
    (await api.get(`/api/customers/lookup?phone=${encodeURIComponent(phone)}`, admin())).json()
      .data;
  const newCustomer = async (status: 'active' | 'disabled' = 'active') =>
    (await addCustomer(t, { name: `Reuse customer ${n()}`, phone: freshPhone(), status })).id;
  const tiers = async () => (await api.get('/api/membership-tiers', admin())).json().data;
  async function newTier() {
    const res = await api.post('/api/membership-tiers', tierBody(50_000 + n()), admin());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  /** Two pending adjustments above the limit, of two fresh customers, asked by a colleague. */
  async function twoAdjustments() {
    const requester = await colleague(['read-wallet', 'adjust-wallet']);
    const tenantId = await demoTenantId(t);
    const customers = [
      await walletCustomer(db(), tenantId, { balance: 1000 }),
      await walletCustomer(db(), tenantId, { balance: 1000 }),
    ];
    const ids = [
      await pendingAdjustment(t, requester, customers[0]!.id, 100_000),
      await pendingAdjustment(t, requester, customers[1]!.id, 100_000),
    ];
    const effect = async () => [
      await db()
        .select({ id: walletAdjustments.id, status: walletAdjustments.status })
        .from(walletAdjustments)
        .where(inArray(walletAdjustments.id, ids))
        .orderBy(walletAdjustments.id),
      await balanceOf(db(), customers[0]!.id),
      await balanceOf(db(), customers[1]!.id),
    ];
    return { ids: ids as [string, string], effect };
  }

  return {
    'POST /api/orders/close-day': async () => {
      const kl = (await demoOutletIds(t)).kl;
      // Empty days long past, one day per call: each closes, and no other driver sells on them.
      const day = addDays('2021-03-01', 2 * n());
      const other = addDays(day, 1);
      const zReport = async (date: string) => {
        const res = await api.get(
          `/api/orders/z-reports?outlet_id=${kl}&business_date=${date}`,
          admin(),
        );
        return [res.statusCode, res.json()];
      };
      return {
        url: '/api/orders/close-day',
        first: { outlet_id: kl, business_date: day },
        second: { outlet_id: kl, business_date: other },
        effect: async () => [await zReport(day), await zReport(other)],
      };
    },
    'POST /api/orders/:id/status': async () => {
      const { id } = await sale();
      return {
        url: `/api/orders/${id}/status`,
        first: { status: 'APPROVED' },
        // APPROVED → COMPLETED is the next move of the same order.
        second: { status: 'COMPLETED' },
        effect: () => orderOf(id),
      };
    },
    'POST /api/orders/:id/handed-over': () =>
      twoTargets(
        readySale,
        (one) => `/api/orders/${one}/handed-over`,
        async (one, two) => [await orderOf(one), await orderOf(two)],
      ),
    'POST /api/orders/:id/not-collected': async () => {
      const id = await readySale();
      return {
        url: `/api/orders/${id}/not-collected`,
        first: { reason: 'Never came back' },
        second: { reason: 'Left without it' },
        effect: () => orderOf(id),
      };
    },
    'POST /api/refunds/:id/status': async () => {
      const refunder = await colleague(['create-order', 'read-order']);
      const refund = await refundOf(t, refunder, amountRefund((await sale()).id, 100));
      return {
        url: `/api/refunds/${refund.id}/status`,
        first: { status: 'APPROVED' },
        // APPROVED → COMPLETED pays the card refund back.
        second: { status: 'COMPLETED' },
        effect: async () => (await api.get(`/api/refunds/${refund.id}`, admin())).json().data,
      };
    },

    'POST /api/customers': async () => {
      const [a, b] = [freshPhone(), freshPhone()];
      return {
        url: '/api/customers',
        first: { name: 'Reuse walk-in', phone: a },
        second: { name: 'Reuse walk-in', phone: b },
        effect: async () => [await lookup(a), await lookup(b)],
      };
    },
    'PUT /api/customers/:id': async () => {
      const id = await newCustomer();
      return {
        url: `/api/customers/${id}`,
        first: { name: 'Reuse renamed once' },
        second: { name: 'Reuse renamed twice' },
        effect: () => customerOf(id),
      };
    },
    'POST /api/customers/:id/block': () =>
      twoTargets(
        newCustomer,
        (one) => `/api/customers/${one}/block`,
        async (one, two) => [await customerOf(one), await customerOf(two)],
        { first: { reason: 'Reuse walk' } },
      ),
    'POST /api/customers/:id/unblock': () =>
      twoTargets(
        () => newCustomer('disabled'),
        (one) => `/api/customers/${one}/unblock`,
        async (one, two) => [await customerOf(one), await customerOf(two)],
        { first: { reason: 'Reuse walk' } },
      ),
    // A customer is anonymised once: only another one could be.
    'POST /api/customers/:id/anonymise': () =>
      twoTargets(
        newCustomer,
        (one) => `/api/customers/${one}/anonymise`,
        async (one, two) => [await customerOf(one), await customerOf(two)],
        { first: { confirm: true } },
      ),

    'POST /api/membership-tiers': async () => {
      const threshold = 60_000 + 2 * n();
      return {
        url: '/api/membership-tiers',
        first: tierBody(threshold),
        second: tierBody(threshold + 1),
        effect: tiers,
      };
    },
    'PUT /api/membership-tiers/:id': async () => {
      const id = await newTier();
      const threshold = 70_000 + n();
      return {
        url: `/api/membership-tiers/${id}`,
        first: tierBody(threshold, 'Reuse renamed once'),
        second: tierBody(threshold, 'Reuse renamed twice'),
        effect: tiers,
      };
    },
    'DELETE /api/membership-tiers/:id': () =>
      twoTargets(newTier, (one) => `/api/membership-tiers/${one}`, tiers),
    'PUT /api/loyalty-settings': () =>
      Promise.resolve({
        url: '/api/loyalty-settings',
        first: { ...defaultLoyaltySettings, points_expiry_months: 18 },
        second: { ...defaultLoyaltySettings, points_expiry_months: 24 },
        effect: async () => (await api.get('/api/loyalty-settings', admin())).json().data,
      }),
    'PUT /api/referral-settings': () =>
      Promise.resolve({
        url: '/api/referral-settings',
        first: { ...defaultReferralSettings, min_order: 1500 },
        second: { ...defaultReferralSettings, min_order: 2500 },
        effect: async () => (await api.get('/api/referral-settings', admin())).json().data,
      }),

    'POST /api/wallet-adjustments/:id/approve': async () => {
      const { ids, effect } = await twoAdjustments();
      return {
        url: `/api/wallet-adjustments/${ids[0]}/approve`,
        secondUrl: `/api/wallet-adjustments/${ids[1]}/approve`,
        effect,
      };
    },
    'POST /api/wallet-adjustments/:id/reject': async () => {
      const { ids, effect } = await twoAdjustments();
      return {
        url: `/api/wallet-adjustments/${ids[0]}/reject`,
        secondUrl: `/api/wallet-adjustments/${ids[1]}/reject`,
        effect,
      };
    },
  };
}

export const loyaltyAppDrivers: DriverSet = (ctx) => ({
  ...staffDrivers(ctx),
  ...loyaltyAppMobileDrivers(ctx),
});
