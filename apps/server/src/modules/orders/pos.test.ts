import { posMenuSchema, posOutletSchema, type PosMenuProduct } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addons, categories, productImages, products } from '../../db/schema/catalogue';
import { outlets } from '../../db/schema/tenancy';
import {
  demoCategory,
  demoCategoryNames,
  demoOutletIds,
  otherTenant,
} from '../../test/catalogue-fixtures';
import { createTenant, createUser, updateRow } from '../../test/fixtures';
import {
  addProduct,
  demoTenantId,
  productBySku,
  requiredChoices,
  sell,
  testClock,
} from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// GET /api/pos/outlets and GET /api/pos/menu: where a user may sell, and what an outlet sells as
// the sale itself prices and accepts it.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
const clock = testClock(NOON_KL);
let kl: string;
let pg: string;
let jb: string;

const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'cashier', 'finance'] });
// cashier: bound to KL01; finance: no read-pos
const { admin, cashier, finance } = as;
beforeAll(async () => {
  ({ kl, pg, jb } = await demoOutletIds(t));
});
beforeEach(() => clock.set(NOON_KL));

const menuOf = async (outletId: string, headers = admin) => {
  const res = await api.get(`/api/pos/menu?outlet_id=${outletId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return posMenuSchema.strict().parse(res.json().data);
};
const bySku = (menu: { products: PosMenuProduct[] }, sku: string) =>
  menu.products.find((p) => p.sku === sku);

describe('GET /api/pos/outlets', () => {
  it('lists the tenant’s active outlets by code', async () => {
    const res = await api.get('/api/pos/outlets', admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.map((o: unknown) => posOutletSchema.strict().parse(o));
    expect(list.map((o: { code: string }) => o.code)).toEqual(['JB01', 'KL01', 'PG01']);
    expect(list[1]).toEqual({ id: kl, code: 'KL01', name: 'Kuala Lumpur', status: 'active' });
  });

  it('leaves out disabled outlets, but gives outlet-bound staff their own whatever its status', async () => {
    const tenantId = await demoTenantId(t);
    const { outlet: spare } = await createTenant(t, 'pos-outlets-spare');
    const [closedShop] = await t.database.db
      .insert(outlets)
      .values({ tenantId, code: 'AA01', name: 'Closed shop', status: 'disabled' })
      .returning();
    await createUser(t, {
      username: 'pos-bound-closed',
      tenantId,
      permissions: ['read-pos'],
      outletId: closedShop!.id,
    });
    const all = (await api.get('/api/pos/outlets', admin)).json().data;
    expect(all.map((o: { code: string }) => o.code)).toEqual(['JB01', 'KL01', 'PG01']);
    expect(all.some((o: { id: string }) => o.id === spare.id)).toBe(false);

    const own = await api.get('/api/pos/outlets', cashier);
    expect(own.json().data).toEqual([
      { id: kl, code: 'KL01', name: 'Kuala Lumpur', status: 'active' },
    ]);
    const boundToClosed = t.bearer((await t.login('pos-bound-closed')).token);
    expect((await api.get('/api/pos/outlets', boundToClosed)).json().data).toEqual([
      { id: closedShop!.id, code: 'AA01', name: 'Closed shop', status: 'disabled' },
    ]);
  });

  it('shows another tenant only its own outlets', async () => {
    const other = await otherTenant(t, 'pos-rival');
    const res = await api.get('/api/pos/outlets', other.headers);
    expect(res.json().data).toEqual([
      { id: other.outlet.id, code: 'X01', name: 'pos-rival outlet', status: 'active' },
    ]);
  });

  it('answers 401 without a token and 403 without read-pos', async () => {
    expect((await api.get('/api/pos/outlets')).statusCode).toBe(401);
    const res = await api.get('/api/pos/outlets', finance);
    expectCode(res, 403, 'forbidden');
  });
});

describe('GET /api/pos/menu', () => {
  it('gives the active categories in order and the products at the outlet’s price', async () => {
    const menu = await menuOf(jb);
    expect(menu.categories.map((c) => c.name_en)).toEqual(demoCategoryNames);
    expect(menu.categories[0]).toEqual({
      id: (await demoCategory(t, 'Kopi')).id,
      name_en: 'Kopi',
      name_my: 'Kopi',
    });
    // By category order, then name.
    const order = menu.categories.map((c) => c.id);
    const rank = menu.products.map((p) => ({
      category: order.indexOf(p.category_id),
      name: p.name.toLowerCase(),
    }));
    expect(rank.every((r) => r.category >= 0)).toBe(true);
    expect(rank).toEqual(
      [...rank].sort((a, b) => a.category - b.category || (a.name < b.name ? -1 : 1)),
    );

    // Americano: JB01 overrides its price; the base price stays for a struck-through display.
    const americano = bySku(menu, 'ESP-002')!;
    expect(americano).toMatchObject({ price: 850, base_price: 900, available: true });
    expect(bySku(await menuOf(kl), 'ESP-002')).toMatchObject({ price: 900, base_price: 900 });
    // A discounted price applies where there is no override.
    expect(bySku(menu, 'KOP-007')).toMatchObject({ price: 390, base_price: 450 });
    // Groups in the product's order, options in theirs, required ones marked.
    expect(
      americano.variant_groups.map((g) => [g.name, g.required, g.min_select, g.max_select]),
    ).toEqual([
      ['Size', true, 1, 1],
      ['Sugar level', true, 1, 1],
      ['Ice level', false, 0, 1],
    ]);
    expect(americano.variant_groups[0]!.options.map((o) => [o.name, o.price])).toEqual([
      ['Regular', 0],
      ['Large', 150],
    ]);
    expect(americano.addons.map((a) => [a.name, a.price])).toEqual([['Extra shot', 200]]);
    // Not made at JB01: shown, not sellable; sold elsewhere.
    expect(bySku(menu, 'FOD-007')).toMatchObject({ available: false, sold_out: false });
    expect(bySku(await menuOf(kl), 'FOD-007')).toMatchObject({ available: true });
    // Boxed cakes carry their barcode for the scanner.
    expect(bySku(menu, 'BAK-001')!.barcode).toBe('9556001000017');
  });

  it('shows what the sale accepts: the price charged is the menu price', async () => {
    const menu = await menuOf(jb);
    const americano = bySku(menu, 'ESP-002')!;
    const choices = await requiredChoices(t, americano.id);
    const sale = await sell(t, admin, {
      outlet_id: jb,
      items: [{ product_id: americano.id, quantity: 1, option_ids: choices }],
      // 8.50 + 6% service tax = 9.01 by card.
      payments: [{ method: 'card', amount: 901, reference: 'CARD-1' }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().data.items[0].unit_price).toBe(americano.price);
  });

  it('marks sold out for today only, and disabled, archived, hidden and add-on states', async () => {
    const teh = await productBySku(t, 'TEH-001');
    const soldOut = await api.put(
      `/api/products/${teh.id}/outlets/${kl}/sold-out`,
      { sold_out: true },
      cashier,
    );
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(bySku(await menuOf(kl, cashier), 'TEH-001')).toMatchObject({
      sold_out: true,
      available: true,
    });
    expect(bySku(await menuOf(pg), 'TEH-001')!.sold_out).toBe(false);
    // The next business day (the tenant's cut-off is 04:00 local) it sells again by itself.
    clock.set('2026-06-10T20:30:00Z'); // 04:30 on the 11th in Kuala Lumpur
    expect(bySku(await menuOf(kl, cashier), 'TEH-001')!.sold_out).toBe(false);
    clock.set(NOON_KL);

    const disabled = await addProduct(t, { sku: 'POS-DIS', price: 500, status: 'disabled' });
    const archived = await addProduct(t, { sku: 'POS-ARC', price: 500, status: 'archived' });
    const menu = await menuOf(kl);
    expect(bySku(menu, 'POS-DIS')).toMatchObject({ id: disabled.id, available: false });
    expect(menu.products.some((p) => p.id === archived.id)).toBe(false);

    // A disabled add-on is not offered; an image shows its thumbnail.
    const [pearls] = await t.database.db
      .update(addons)
      .set({ status: 'disabled' })
      .where(and(eq(addons.tenantId, teh.tenantId), eq(addons.name, 'Pearls')))
      .returning();
    await t.database.db.insert(productImages).values({
      tenantId: teh.tenantId,
      productId: teh.id,
      url: '/uploads/products/teh.webp',
      thumbUrl: '/uploads/products/teh-thumb.webp',
      isMain: true,
    });
    try {
      const tehTarik = bySku(await menuOf(kl), 'TEH-001')!;
      expect(tehTarik.addons).toEqual([]);
      expect(tehTarik.image_url).toBe('/uploads/products/teh-thumb.webp');
      expect(bySku(await menuOf(kl), 'KOP-001')!.image_url).toBeNull();
    } finally {
      await updateRow(t, addons, pearls!.id, { status: 'active' });
    }
  });

  it('leaves out a disabled category and its products', async () => {
    const food = await demoCategory(t, 'Food');
    await updateRow(t, categories, food.id, { status: 'disabled' });
    try {
      const menu = await menuOf(kl);
      expect(menu.categories.some((c) => c.id === food.id)).toBe(false);
      expect(menu.products.some((p) => p.category_id === food.id)).toBe(false);
    } finally {
      await updateRow(t, categories, food.id, { status: 'active' });
    }
  });

  it('never shows another tenant’s outlet or products', async () => {
    const other = await otherTenant(t, 'menu-rival');
    await t.database.db.insert(products).values({
      tenantId: other.tenant.id,
      categoryId: other.category.id,
      name: 'Rival latte',
      sku: 'RIV-1',
      basePrice: 100,
    });
    const mine = await menuOf(kl);
    expect(mine.products.some((p) => p.sku === 'RIV-1')).toBe(false);
    const theirs = await api.get(`/api/pos/menu?outlet_id=${kl}`, other.headers);
    expectCode(theirs, 404, 'not_found');
    const res = await api.get(`/api/pos/menu?outlet_id=${other.outlet.id}`, admin);
    expect(res.statusCode).toBe(404);
    const own = await menuOf(other.outlet.id, other.headers);
    expect(own.products.map((p) => p.sku)).toEqual(['RIV-1']);
    expect(own.categories.map((c) => c.name_en)).toEqual(['Secret']);
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    expect((await api.get(`/api/pos/menu?outlet_id=${kl}`)).statusCode).toBe(401);
    expect((await api.get(`/api/pos/menu?outlet_id=${kl}`, finance)).statusCode).toBe(403);
    const bad = await api.get('/api/pos/menu?outlet_id=KL01', admin);
    expectCode(bad, 400, 'validation_failed');
    const missing = await api.get('/api/pos/menu', admin);
    expect(missing.statusCode).toBe(400);
    // Outlet-bound staff see only their outlet's menu.
    const elsewhere = await api.get(`/api/pos/menu?outlet_id=${pg}`, cashier);
    expectCode(elsewhere, 404, 'not_found');
    expect((await menuOf(kl, cashier)).products.length).toBeGreaterThan(30);
  });
});

describe('OpenAPI', () => {
  it('documents the POS reads and the board with their query and answer schemas', async () => {
    const doc = (await api.get('/api/docs/json')).json();
    expect(doc.paths['/api/pos/outlets'].get.responses['200']).toBeDefined();
    const menu = doc.paths['/api/pos/menu'].get;
    expect(menu.parameters.map((p: { name: string }) => p.name)).toEqual(['outlet_id']);
    expect(JSON.stringify(menu.responses['200'])).toContain('variant_groups');
    const board = doc.paths['/api/orders/board'].get;
    expect(JSON.stringify(board.responses['200'])).toContain('amber_minutes');
    // The order screens' outlet list, and the export's language.
    expect(JSON.stringify(doc.paths['/api/orders/outlets'].get.responses['200'])).toContain(
      'timezone',
    );
    const exported = doc.paths['/api/orders/export'].get;
    expect(exported.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['outlet', 'outlet_id', 'lang']),
    );
  });
});
