import { addonSchema, messageKey, productSchema, variantGroupSchema } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, variantOptions } from '../../db/schema/catalogue';
import { newProductInput, demoOutletIds, demoProduct } from '../../test/catalogue-fixtures';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { demoTenantHeader, placeOrder, verifiedCustomer } from '../../test/mobile-fixtures';
import { optionNamed, requiredChoices, sell, testClock } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { updateRow } from '../../test/fixtures';

// Malay names of the catalogue (decision 039): optional on products, variant groups, options and
// add-ons (blank is none), chosen by the app's Accept-Language with the English name as fallback,
// and kept on order lines as sold so a Malay reprint reads the same after a rename.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur: every outlet open
const clock = testClock(NOON_KL);
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'cashier'], api: 'admin' });
const { admin, cashier } = as;
let kl: string;
beforeAll(async () => {
  ({ kl } = await demoOutletIds(t));
});
beforeEach(() => clock.set(NOON_KL));

const malay = { ...demoTenantHeader, 'accept-language': 'ms-MY,ms;q=0.9,en;q=0.8' };

describe('Malay names in the back office', () => {
  it('saves a product’s Malay name trimmed, clears it when blank and finds it by search', async () => {
    const res = await api.post(
      '/api/products',
      await newProductInput(t, { name_my: '  Kopi Sejuk  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = productSchema.parse(res.json().data);
    expect(created.name_my).toBe('Kopi Sejuk');
    const found = await api.get('/api/products?q=sejuk');
    expect(found.json().data.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(found.json().data[0].name_my).toBe('Kopi Sejuk');

    const input = await newProductInput(t, { sku: created.sku, name_my: '   ' });
    const cleared = await api.put(`/api/products/${created.id}`, input);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.name_my).toBeNull();
    // Left out is none, too (the field is optional).
    const plain = await api.post('/api/products', await newProductInput(t));
    expect(plain.json().data.name_my).toBeNull();
  });

  it('refuses a Malay name over the English name’s length with the field named', async () => {
    const long = await api.post(
      '/api/products',
      await newProductInput(t, { name_my: 'k'.repeat(121) }),
    );
    expectCode(long, 400, 'validation_failed');
    expect(long.json().details).toEqual([
      { path: 'name_my', message: messageKey('max_length', { max: 120 }) },
    ]);
    const group = await api.post('/api/variant-groups', {
      variant_name: 'Sweetness',
      variant_name_my: 'm'.repeat(61),
      options: [{ options_name: 'Half', options_name_my: 'm'.repeat(61), price: 0 }],
    });
    expectInvalid(group, ['options.0.options_name_my', 'variant_name_my']);
    const addon = await api.post('/api/addons', {
      addons_name: 'Jelly',
      addons_name_my: 'j'.repeat(61),
      price: 100,
    });
    expectCode(addon, 400, 'validation_failed');
    expect(detailPaths(addon)).toEqual(['addons_name_my']);
    // Only the cashier's permissions: no catalogue edits, Malay name or not.
    const denied = await api.post('/api/addons', { addons_name: 'Jelly', price: 100 }, cashier);
    expect(denied.statusCode).toBe(403);
  });

  it('keeps Malay names of a variant group, its options and an add-on through edits', async () => {
    const res = await api.post('/api/variant-groups', {
      variant_name: 'Sweetness',
      variant_name_my: 'Kemanisan',
      options: [
        { options_name: 'Half', options_name_my: 'Separuh', price: 0 },
        { options_name: 'Extra', price: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = variantGroupSchema.parse(res.json().data);
    expect(group.variant_name_my).toBe('Kemanisan');
    expect(group.options.map((o) => o.options_name_my)).toEqual(['Separuh', null]);
    const [half, extra] = group.options;
    const edited = await api.put(`/api/variant-groups/${group.id}`, {
      variant_name: 'Sweetness',
      variant_name_my: '',
      options: [
        { id: half!.id, options_name: 'Half', options_name_my: 'Separuh manis', price: 0 },
        { id: extra!.id, options_name: 'Extra', options_name_my: 'Lebih', price: 0 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = variantGroupSchema.parse(edited.json().data);
    expect(after.variant_name_my).toBeNull();
    expect(after.options.map((o) => o.options_name_my)).toEqual(['Separuh manis', 'Lebih']);

    const addon = await api.post('/api/addons', {
      addons_name: 'Grass jelly',
      addons_name_my: 'Cincau',
      price: 120,
    });
    expect(addon.statusCode, addon.body).toBe(201);
    expect(addonSchema.parse(addon.json().data).addons_name_my).toBe('Cincau');
  });

  it('gives the POS menu every Malay name (the screen picks)', async () => {
    const res = await api.get(`/api/pos/menu?outlet_id=${kl}`, cashier);
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json().data as {
      products: {
        sku: string;
        name_my: string | null;
        variant_groups: { name_my: string | null; options: { name_my: string | null }[] }[];
      }[];
    };
    const peng = menu.products.find((p) => p.sku === 'KOP-004')!;
    expect(peng.name_my).toBe('Kopi Ais');
    expect(peng.variant_groups[0]).toMatchObject({ name_my: 'Saiz' });
    expect(peng.variant_groups[0]!.options.map((o) => o.name_my)).toEqual(['Biasa', 'Besar']);
    expect(menu.products.find((p) => p.sku === 'KOP-002')!.name_my).toBeNull();
  });
});

describe('the app in Malay', () => {
  type Named = { name: string; name_my: string | null };
  type MenuProduct = Named & {
    sku: string;
    variant_groups: (Named & { options: Named[] })[];
    addons: Named[];
  };
  const menuIn = async (headers: Record<string, string>) => {
    const res = await api.get(`/api/mobile/outlets/${kl}/menu`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const bySku = new Map(
      (res.json().data.products as MenuProduct[]).map((p) => [p.sku, p] as const),
    );
    return (sku: string) => bySku.get(sku)!;
  };

  it('names products, groups, options and add-ons in Malay, the English where none is set', async () => {
    const product = await menuIn(malay);
    const peng = product('KOP-004');
    expect(peng.name).toBe('Kopi Ais');
    expect(peng.variant_groups.map((g) => g.name)).toEqual(['Saiz', 'Tahap gula', 'Tahap ais']);
    expect(peng.variant_groups[0]!.options.map((o) => o.name)).toEqual(['Biasa', 'Besar']);
    // Kopi O has no Malay name: the English one stands in, and name_my says there is none.
    expect(product('KOP-002')).toMatchObject({ name: 'Kopi O', name_my: null });
    expect(product('ESP-002').addons).toEqual([
      expect.objectContaining({ name: 'Syot tambahan', name_my: 'Syot tambahan' }),
    ]);
  });

  it('answers in English without a Malay Accept-Language', async () => {
    for (const headers of [
      demoTenantHeader,
      { ...demoTenantHeader, 'accept-language': 'en-GB,ms;q=0.5' },
      { ...demoTenantHeader, 'accept-language': 'zh-CN' },
    ]) {
      const peng = (await menuIn(headers))('KOP-004');
      expect(peng).toMatchObject({ name: 'Kopi Peng', name_my: 'Kopi Ais' });
      expect(peng.variant_groups[0]!.name).toBe('Size');
    }
    // The back office's own code for Malay counts too.
    expect((await menuIn({ ...demoTenantHeader, 'accept-language': 'my' }))('KOP-004').name).toBe(
      'Kopi Ais',
    );
  });

  it('shows the customer’s order lines in their language', async () => {
    const customer = await verifiedCustomer(t, { name: 'Siti' });
    const peng = await demoProduct(t, 'KOP-004');
    const large = await optionNamed(t, peng.id, 'Size', 'Large');
    const choices = (await requiredChoices(t, peng.id)).map((id, i) => (i === 0 ? large.id : id));
    const placed = await placeOrder(
      t,
      { ...customer.headers, ...malay },
      {
        outlet_id: kl,
        items: [{ product_id: peng.id, quantity: 1, option_ids: choices }],
      },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [line] = placed.json().data.items;
    expect(line).toMatchObject({ name: 'Kopi Ais', name_my: 'Kopi Ais' });
    expect(line.options[0]).toMatchObject({ group: 'Saiz', name: 'Besar', name_my: 'Besar' });
    const id = placed.json().data.id;
    const inEnglish = await api.get(`/api/mobile/orders/${id}`, {
      ...customer.headers,
      ...demoTenantHeader,
    });
    expect(inEnglish.json().data.items[0]).toMatchObject({ name: 'Kopi Peng' });
  });
});

describe('order lines keep the Malay names as sold', () => {
  it('reprints the Malay names after the product and option are renamed', async () => {
    const peng = await demoProduct(t, 'KOP-004');
    const large = await optionNamed(t, peng.id, 'Size', 'Large');
    const choices = (await requiredChoices(t, peng.id)).map((id, i) => (i === 0 ? large.id : id));
    // Kopi Peng RM 3.50 + Large RM 1.50, with 6% SST.
    const sale = await sell(t, cashier, {
      outlet_id: kl,
      items: [{ product_id: peng.id, quantity: 1, option_ids: choices }],
      payments: [{ method: 'card', amount: 530, reference: 'CARD-MY' }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const orderId = sale.json().data.id as string;

    await updateRow(t, products, peng.id, { nameMy: 'Kopi Ais Baharu' });
    await updateRow(t, variantOptions, large.id, { nameMy: 'Besar Baharu' });
    try {
      const order = await api.get(`/api/orders/${orderId}`, admin);
      expect(order.statusCode, order.body).toBe(200);
      const [line] = order.json().data.items;
      expect(line).toMatchObject({ name: 'Kopi Peng', name_my: 'Kopi Ais' });
      expect(line.options[0]).toEqual({
        group: 'Size',
        group_my: 'Saiz',
        name: 'Large',
        name_my: 'Besar',
        price: 150,
      });
      // The board shows the same snapshot.
      const board = await api.get(`/api/orders/board?outlet_id=${kl}`, admin);
      const card = board.json().data.orders.find((o: { id: string }) => o.id === orderId) as
        { items: { name_my: string | null }[] } | undefined;
      expect(card!.items[0]!.name_my).toBe('Kopi Ais');
      // And what a refund would take back.
      const refundable = await api.get(`/api/orders/${orderId}/refundable`, admin);
      expect(refundable.statusCode, refundable.body).toBe(200);
      expect(refundable.json().data.items[0]).toMatchObject({ name_my: 'Kopi Ais' });
    } finally {
      await updateRow(t, products, peng.id, { nameMy: 'Kopi Ais' });
      await updateRow(t, variantOptions, large.id, { nameMy: 'Besar' });
    }
  });

  it('reads lines sold before Malay names as having none', async () => {
    const peng = await demoProduct(t, 'KOP-004');
    const choices = await requiredChoices(t, peng.id);
    const sale = await sell(t, cashier, {
      outlet_id: kl,
      items: [{ product_id: peng.id, quantity: 1, option_ids: choices }],
      payments: [{ method: 'card', amount: 371, reference: 'CARD-OLD' }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const orderId = sale.json().data.id as string;
    // As a line written before the column and the JSON keys existed.
    await t.database.db.execute(
      sql`update order_items set name_my = null,
        options = (select jsonb_agg(o - 'group_my' - 'name_my') from jsonb_array_elements(options) o)
       where order_id = ${orderId}`,
    );
    const [line] = (await api.get(`/api/orders/${orderId}`, admin)).json().data.items;
    expect(line.name_my).toBeNull();
    expect(line.options[0]).toMatchObject({ group_my: null, name_my: null });
  });
});
