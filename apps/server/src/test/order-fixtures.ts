import type { OrderCreate } from '@kopi/contract';
import { and, asc, eq } from 'drizzle-orm';
import {
  categories,
  productVariantGroups,
  products,
  variantGroups,
  variantOptions,
} from '../db/schema/catalogue';
import { users } from '../db/schema/access';
import { customerOrders } from '../db/schema/customers';
import { shifts, tills } from '../db/schema/shifts';
import { outlets, tenants } from '../db/schema/tenancy';
import { requestAs, type RequestHeaders, type TestApp, withIdempotencyKey } from './test-app';

// Test data for orders: a movable clock, products with exact prices, a product's required
// choices, and a sale helper that posts with an Idempotency-Key.

/** A clock tests can move; `createTestApp({ now: clock.now })`. */
export function testClock(start: string) {
  let current = new Date(start);
  return {
    now: () => current,
    set: (iso: string) => {
      current = new Date(iso);
    },
  };
}

export async function demoTenantId(t: TestApp) {
  const [row] = await t.database.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, 'kopi-demo'));
  return row!.id;
}

/** A product of the demo tenant with no choices and an exact price (sen). */
export async function addProduct(
  t: TestApp,
  values: { sku: string; price: number; discounted?: number; name?: string; status?: string },
) {
  const tenantId = await demoTenantId(t);
  const [category] = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .limit(1);
  const [row] = await t.database.db
    .insert(products)
    .values({
      tenantId,
      categoryId: category!.id,
      name: values.name ?? `Test ${values.sku}`,
      sku: values.sku,
      basePrice: values.price,
      discountedPrice: values.discounted ?? null,
      status: values.status ?? 'active',
    })
    .returning();
  return row!;
}

/** The variant groups of a product with their options, in the product's order. */
export async function groupsOf(t: TestApp, productId: string) {
  const rows = await t.database.db
    .select({ group: variantGroups, option: variantOptions })
    .from(productVariantGroups)
    .innerJoin(variantGroups, eq(variantGroups.id, productVariantGroups.groupId))
    .innerJoin(variantOptions, eq(variantOptions.groupId, variantGroups.id))
    .where(eq(productVariantGroups.productId, productId))
    .orderBy(asc(productVariantGroups.sortOrder), asc(variantOptions.sortOrder));
  type Group = Pick<typeof variantGroups.$inferSelect, 'id' | 'name' | 'required'> & {
    max: number;
    options: Pick<typeof variantOptions.$inferSelect, 'id' | 'name' | 'price'>[];
  };
  const groups = new Map<string, Group>();
  for (const { group, option } of rows) {
    const g = groups.get(group.id) ?? {
      id: group.id,
      name: group.name,
      required: group.required,
      max: group.maxSelect,
      options: [],
    };
    g.options.push({ id: option.id, name: option.name, price: option.price });
    groups.set(group.id, g);
  }
  return [...groups.values()];
}

/** The first option of every required group: the least a cashier must choose. */
export async function requiredChoices(t: TestApp, productId: string) {
  return (await groupsOf(t, productId)).filter((g) => g.required).map((g) => g.options[0]!.id);
}

export async function optionNamed(t: TestApp, productId: string, group: string, option: string) {
  const g = (await groupsOf(t, productId)).find((x) => x.name === group)!;
  return g.options.find((o) => o.name === option)!;
}

export type SaleBody = Partial<Omit<OrderCreate, 'items' | 'payments'>> & {
  items: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  [extra: string]: unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Opens a shift on the till a counter sale is rung up on (`tillId`, else the outlet's first)
 * when none is open, as a cashier would before selling: tenants require one by default, and
 * tests about something else should not each open it. Nothing for an unknown outlet or till.
 */
export async function ensureShift(t: TestApp, outletId: unknown, tillId?: unknown) {
  const db = t.database.db;
  const id = typeof tillId === 'string' ? tillId : null;
  if (typeof outletId !== 'string' || !UUID.test(outletId) || (id && !UUID.test(id))) return null;
  const [till] = await db
    .select()
    .from(tills)
    .where(id ? eq(tills.id, id) : eq(tills.outletId, outletId))
    .orderBy(asc(tills.createdAt), asc(tills.name), asc(tills.id))
    .limit(1);
  if (!till) return null;
  await db
    .insert(shifts)
    .values({
      tenantId: till.tenantId,
      outletId: till.outletId,
      tillId: till.id,
      cashierName: 'Test shift',
      businessDate: new Date().toISOString().slice(0, 10),
      status: 'open',
      openedAt: new Date(0),
      openingFloat: 0,
      floatCount: {},
    })
    .onConflictDoNothing();
  return till;
}

/**
 * Opens a shift for `username` on a till of its own at the outlet (made for it), as a manager
 * paying a cash refund back would: a cash refund is paid from its completer's drawer. Answers
 * the shift's id; the user's open shift there when there is one.
 */
export async function openDrawer(t: TestApp, username: string, outletId: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const [outlet] = await db.select().from(outlets).where(eq(outlets.id, outletId)).limit(1);
  if (!user || !outlet) throw new Error(`no user ${username} or outlet ${outletId}`);
  const [open] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(eq(shifts.outletId, outletId), eq(shifts.cashierId, user.id), eq(shifts.status, 'open')),
    );
  if (open) return open.id;
  const [till] = await db
    .insert(tills)
    .values({ tenantId: outlet.tenantId, outletId, name: `Drawer of ${username}` })
    .onConflictDoUpdate({ target: [tills.outletId, tills.name], set: { name: tills.name } })
    .returning();
  const [shift] = await db
    .insert(shifts)
    .values({
      tenantId: outlet.tenantId,
      outletId,
      tillId: till!.id,
      cashierId: user.id,
      cashierName: user.fullname,
      businessDate: new Date().toISOString().slice(0, 10),
      status: 'open',
      openedAt: new Date(0),
      openingFloat: 0,
      floatCount: {},
    })
    .returning({ id: shifts.id });
  return shift!.id;
}

/** Posts a pick-up order (unless the body says otherwise) with a fresh or the given key. */
export async function postOrder(
  t: TestApp,
  url: string,
  headers: RequestHeaders,
  body: Record<string, unknown>,
  key?: string,
) {
  if (url === '/api/orders') await ensureShift(t, body.outlet_id, body.till_id);
  return requestAs(t).post(
    url,
    { serving_method: 'pick_up', ...body },
    withIdempotencyKey(headers, key),
  );
}

/** POST /api/orders with a fresh (or the given) Idempotency-Key. */
export function sell(t: TestApp, headers: RequestHeaders, body: SaleBody, key?: string) {
  return postOrder(t, '/api/orders', headers, body, key);
}

/** A one-line sale of `productId` paid by card for `amount`. */
/** A pick-up sale of one `productId` at a till of `outletId`, paid with `payments`. */
export const tillSale = (
  outletId: string,
  tillId: string,
  productId: string,
  payments: object[],
) => ({
  outlet_id: outletId,
  till_id: tillId,
  serving_method: 'pick_up',
  items: [{ product_id: productId, quantity: 1 }],
  payments,
});

export const cardSale = (outletId: string, productId: string, amount: number) => ({
  outlet_id: outletId,
  items: [{ product_id: productId, quantity: 1 }],
  payments: [{ method: 'card', amount, reference: 'CARD-0001' }],
});

/** A sale that must go through, then linked to a customer as the app links one: its id. */
export async function sellToCustomer(
  t: TestApp,
  headers: RequestHeaders,
  body: SaleBody,
  customer: { tenantId: string; customerId: string },
) {
  const res = await sell(t, headers, body);
  if (res.statusCode !== 201) throw new Error(`sale refused: ${res.statusCode} ${res.body}`);
  const order = res.json().data as { id: string };
  await t.database.db.insert(customerOrders).values({ orderId: order.id, ...customer });
  return order.id;
}

export async function productBySku(t: TestApp, sku: string) {
  const tenantId = await demoTenantId(t);
  const [row] = await t.database.db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.sku, sku)));
  return row!;
}
