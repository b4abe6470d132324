import { productOutletSchema } from '@kopi/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live';
import { demoOutletIds, demoProduct, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createUser, latestAudit } from '../../test/fixtures';
import { demoTenantHeader } from '../../test/mobile-fixtures';
import { cardSale, demoTenantId, sell } from '../../test/order-fixtures';
import { anonymous, type RequestHeaders, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// "Sold out today" at the counter: a permission of its own (not product edit), the outlet's
// screens told live, the app menu showing it, and the mark gone at the next business day.

// Monday 23 November 2026, 10:00 in Kuala Lumpur (UTC+8). Tests move it.
let now = new Date('2026-11-23T02:00:00Z');
const { t, api, as } = useTestApp({ now: () => now, signIn: ['admin', 'cashier'], api: 'admin' });
const { admin, cashier } = as;
let editor: Record<string, string>; // edits products, cannot switch sold out
let switcher: Record<string, string>; // switches sold out, cannot edit products
let kl: string;
let pg: string;

beforeAll(async () => {
  const tenantId = await demoTenantId(t);
  await createUser(t, {
    username: 'product-editor',
    tenantId,
    permissions: ['read-list-product', 'update-add-product'],
  });
  await createUser(t, {
    username: 'sold-out-only',
    tenantId,
    permissions: ['read-list-product', 'toggle-sold-out'],
  });
  editor = t.bearer((await t.login('product-editor')).token);
  switcher = t.bearer((await t.login('sold-out-only')).token);
  ({ kl, pg } = await demoOutletIds(t));
});

const soldOut = (
  productId: string,
  outletId: string,
  value: unknown,
  headers: RequestHeaders = admin,
) =>
  api.put(`/api/products/${productId}/outlets/${outletId}/sold-out`, { sold_out: value }, headers);
const setOutlet = (productId: string, outletId: string, headers: Record<string, string>) =>
  api.put(
    `/api/products/${productId}/outlets/${outletId}`,
    { available: true, price_override: null },
    headers,
  );
const appMenu = async (outletId: string) => {
  const res = await requestAs(t, demoTenantHeader).get(`/api/mobile/outlets/${outletId}/menu`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.products as { id: string; sold_out: boolean }[];
};
const posMenu = async (outletId: string, headers: RequestHeaders = cashier) => {
  const res = await api.get(`/api/pos/menu?outlet_id=${outletId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.products as { id: string; sold_out: boolean }[];
};

describe('PUT /api/products/{id}/outlets/{outletId}/sold-out', () => {
  it('is a permission of its own: product edit is not enough, and it does not edit products', async () => {
    const cake = await demoProduct(t, 'FOD-002');
    expectCode(await soldOut(cake.id, kl, true, editor), 403, 'forbidden');
    expect((await setOutlet(cake.id, kl, editor)).statusCode).toBe(200);

    const res = await soldOut(cake.id, kl, true, switcher);
    expect(res.statusCode, res.body).toBe(200);
    expect(productOutletSchema.strict().parse(res.json().data).sold_out_today).toBe(true);
    expectCode(await setOutlet(cake.id, kl, switcher), 403, 'forbidden');
    expect((await soldOut(cake.id, kl, false, switcher)).statusCode).toBe(200);
  });

  it('seeds it to cashiers and managers; a cashier only reaches the outlet they are assigned to', async () => {
    const toast = await demoProduct(t, 'FOD-004');
    expect((await soldOut(toast.id, kl, true, cashier)).statusCode).toBe(200); // cashier: KL01
    expectCode(await soldOut(toast.id, pg, true, cashier), 404, 'not_found');
    const manager = t.bearer((await t.login('manager')).token);
    expect((await soldOut(toast.id, kl, false, manager)).statusCode).toBe(200);
  });

  it('tells the outlet’s screens live and audits who switched it', async () => {
    const toast = await demoProduct(t, 'FOD-005');
    expect((await soldOut(toast.id, kl, true, cashier)).statusCode).toBe(200);
    const [event] = await t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'product.sold_out'), eq(liveEvents.outletId, kl)))
      .orderBy(desc(liveEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      tenantId: await demoTenantId(t),
      message: { id_product: toast.id, outlet_id: kl, sold_out: true },
    });
    const entry = await latestAudit(t, 'product.sold_out');
    expect(entry).toMatchObject({ entityId: toast.id, actorUsername: 'cashier' });
    expect(entry!.after).toMatchObject({ outlet_id: kl, sold_out: true });
    expect((await soldOut(toast.id, kl, false, cashier)).statusCode).toBe(200);
    expect(await latestAudit(t, 'product.back_in_stock')).toMatchObject({ entityId: toast.id });
  });

  it('shows in the POS and app menus of that outlet only, refuses the sale, and clears at the next business day', async () => {
    now = new Date('2026-11-23T02:00:00Z');
    const kopi = await demoProduct(t, 'FOD-001');
    expect((await soldOut(kopi.id, kl, true, cashier)).statusCode).toBe(200);
    expect((await appMenu(kl)).find((p) => p.id === kopi.id)?.sold_out).toBe(true);
    expect((await posMenu(kl)).find((p) => p.id === kopi.id)?.sold_out).toBe(true);
    expect((await appMenu(pg)).find((p) => p.id === kopi.id)?.sold_out).toBe(false);
    const price = kopi.discountedPrice ?? kopi.basePrice;
    expectCode(await sell(t, cashier, cardSale(kl, kopi.id, price)), 400, 'product_sold_out');

    now = new Date('2026-11-23T17:30:00Z'); // Tuesday 01:30 local: still Monday's business day
    expect((await appMenu(kl)).find((p) => p.id === kopi.id)?.sold_out).toBe(true);
    now = new Date('2026-11-23T20:05:00Z'); // Tuesday 04:05 local: the next business day
    expect((await appMenu(kl)).find((p) => p.id === kopi.id)?.sold_out).toBe(false);
    expect((await posMenu(kl)).find((p) => p.id === kopi.id)?.sold_out).toBe(false);
    now = new Date('2026-11-23T02:00:00Z');
  });

  it('answers 401, 403, 400 and another tenant’s 404', async () => {
    const toast = await demoProduct(t, 'FOD-003');
    expect((await soldOut(toast.id, kl, true, anonymous)).statusCode).toBe(401);
    const finance = t.bearer((await t.login('finance')).token);
    expectCode(await soldOut(toast.id, kl, true, finance), 403, 'forbidden');
    expect((await soldOut(toast.id, kl, 'yes')).statusCode).toBe(400);
    expect((await soldOut('nope', kl, true)).statusCode).toBe(400);
    const rival = await otherTenant(t, 'sold-out-rival');
    expectCode(await soldOut(toast.id, kl, true, rival.headers), 404, 'not_found');
    expectCode(await soldOut(toast.id, rival.outlet.id, true), 404, 'not_found');
  });
});
