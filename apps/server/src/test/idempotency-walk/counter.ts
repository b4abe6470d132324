import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/refunds';
import { shifts } from '../../db/schema/shifts';
import { demoOutletIds } from '../catalogue-fixtures';
import { addProduct, cardSale, demoTenantId, ensureShift } from '../order-fixtures';
import { amountRefund, paidOrder } from '../refund-fixtures';
import type { TestAppContext } from '../use-test-app';
import { balanceOf, walletCustomer } from '../wallet-fixtures';
import { twoTargets, type DriverSet } from './walk';

// The counter's writes: shifts and their drawers, tills, sales, refunds, wallet adjustments and
// customer notes.

let counter = 0;
const n = () => ++counter;

/** Tills and shifts of the demo tenant's KL outlet, made as the admin. */
export function counterHelpers({ t, api, as }: TestAppContext<'admin'>) {
  const outletKl = async () => (await demoOutletIds(t)).kl;
  async function newTill(name = `Reuse till ${n()}`) {
    const res = await api.post('/api/tills', { outlet_id: await outletKl(), name }, as.admin);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  async function openShift() {
    const res = await api.post(
      '/api/shifts',
      { till_id: await newTill(), float: {} },
      { ...as.admin, 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  const shiftReport = async (id: string) =>
    (await api.get(`/api/shifts/${id}`, as.admin)).json().data;
  return { outletKl, newTill, openShift, shiftReport };
}

export const counterDrivers: DriverSet = (ctx) => {
  const { t, api } = ctx;
  const { outletKl, newTill, openShift, shiftReport } = counterHelpers(ctx);
  const shiftsOn = (tillId: string) =>
    t.database.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.tillId, tillId));
  const tillsOfKl = async () =>
    (await api.get(`/api/tills?outlet_id=${await outletKl()}`))
      .json()
      .data.map((x: { name: string }) => x.name);
  return {
    'POST /api/shifts': async () => {
      const [a, b] = [await newTill(), await newTill()];
      return {
        url: '/api/shifts',
        first: { till_id: a, float: {} },
        second: { till_id: b, float: {} },
        effect: async () => [await shiftsOn(a), await shiftsOn(b)],
      };
    },
    'POST /api/shifts/:id/movements': async () => {
      const id = await openShift();
      return {
        url: `/api/shifts/${id}/movements`,
        first: { kind: 'cash_in', reason: 'petty_cash', amount: 100 },
        second: { kind: 'cash_in', reason: 'petty_cash', amount: 200 },
        effect: () => shiftReport(id),
      };
    },
    'POST /api/shifts/:id/drawer-openings': async () => {
      const id = await openShift();
      return {
        url: `/api/shifts/${id}/drawer-openings`,
        first: { reason: 'give_change' },
        second: { reason: 'other', note: 'Another opening' },
        effect: () => shiftReport(id),
      };
    },
    'POST /api/shifts/:id/close': async () => {
      const id = await openShift();
      return {
        url: `/api/shifts/${id}/close`,
        first: { counted: { note_10: 1 }, note: 'Counted once' },
        second: { counted: { note_10: 2 }, note: 'Counted twice' },
        effect: () => shiftReport(id),
      };
    },
    'POST /api/orders': async () => {
      const product = await addProduct(t, { sku: `REUSE-${n()}`, price: 500 });
      const kl = await outletKl();
      await ensureShift(t, kl);
      // 6% service tax on RM 5.00.
      const sale = { ...cardSale(kl, product.id, 530), allow_outside_hours: true };
      return {
        url: '/api/orders',
        first: { serving_method: 'pick_up', ...sale },
        second: {
          serving_method: 'pick_up',
          ...sale,
          items: [{ product_id: product.id, quantity: 2 }],
          payments: [{ method: 'card', amount: 1060, reference: 'CARD-0002' }],
        },
        effect: async () => (await t.database.db.select().from(orders)).length,
      };
    },
    'POST /api/refunds': async () => {
      const product = await addProduct(t, { sku: `REUSE-${n()}`, price: 500 });
      const order = await paidOrder(t, ctx.as.admin, cardSale(await outletKl(), product.id, 530));
      const refund = (amount: number) => amountRefund(order.id, amount);
      return {
        url: '/api/refunds',
        first: refund(100),
        second: refund(200),
        effect: () => t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)),
      };
    },
    'POST /api/customers/:id/wallet/adjust': async () => {
      const customer = await walletCustomer(t.database.db, await demoTenantId(t));
      return {
        url: `/api/customers/${customer.id}/wallet/adjust`,
        first: { amount: 100, reason: 'Goodwill' },
        second: { amount: 200, reason: 'Goodwill' },
        effect: () => balanceOf(t.database.db, customer.id),
      };
    },
    'POST /api/customers/:id/wallet/counter-topups': async () => {
      const customer = await walletCustomer(t.database.db, await demoTenantId(t));
      const kl = await outletKl();
      return {
        url: `/api/customers/${customer.id}/wallet/counter-topups`,
        first: { outlet_id: kl, method: 'card', amount: 100 },
        second: { outlet_id: kl, method: 'card', amount: 200 },
        effect: () => balanceOf(t.database.db, customer.id),
      };
    },
    'POST /api/tills': async () => {
      const kl = await outletKl();
      return {
        url: '/api/tills',
        first: { outlet_id: kl, name: `Reuse new ${n()}` },
        second: { outlet_id: kl, name: `Reuse other ${n()}` },
        effect: tillsOfKl,
      };
    },
    'PUT /api/tills/:id': async () => {
      const id = await newTill();
      return {
        url: `/api/tills/${id}`,
        first: { name: `Reuse renamed ${n()}` },
        second: { name: `Reuse renamed ${n()}` },
        effect: tillsOfKl,
      };
    },
    'DELETE /api/tills/:id': () => twoTargets(newTill, (id) => `/api/tills/${id}`, tillsOfKl),
    'POST /api/customers/:id/notes': async () => {
      const customer = await walletCustomer(t.database.db, await demoTenantId(t));
      const url = `/api/customers/${customer.id}/notes`;
      return {
        url,
        first: { body: 'Likes kopi-O' },
        second: { body: 'Likes teh tarik' },
        effect: async () => (await api.get(url)).json().data,
      };
    },
  };
};
