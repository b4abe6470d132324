import { asc, eq, inArray } from 'drizzle-orm';
import { addons, categories, variantGroups, variantOptions } from '../../db/schema/catalogue';
import { outletClosures, outlets } from '../../db/schema/tenancy';
import { demoTenantId } from '../order-fixtures';
import type { TestAppContext } from '../use-test-app';
import { productDrivers } from './catalogue-products';
import { twoTargets, type Drivers, type DriverSet } from './walk';
import { insertRow, rowsIn } from '../fixtures';
import { addVariantGroup } from '../catalogue-fixtures';

// Outlets and their hours and closures, categories, variant groups and add-ons; products are in
// catalogue-products.ts. Every driver makes its own rows in the demo tenant, so one route's
// drive never changes what another reads.

let counter = 0;
const n = () => ++counter;

/** Fresh rows of the demo tenant, written straight to the database. */
export function catalogueRows({ t }: TestAppContext<'admin'>) {
  const newOutlet = async () =>
    insertRow(t, outlets, {
      tenantId: await demoTenantId(t),
      code: `RU${n()}`,
      name: 'Reuse outlet',
    });
  const newClosure = async (outletId: string, date: string) =>
    (
      await insertRow(t, outletClosures, {
        tenantId: await demoTenantId(t),
        outletId,
        fromDate: date,
        toDate: date,
      })
    ).id;
  const newCategory = async () =>
    (
      await insertRow(t, categories, {
        tenantId: await demoTenantId(t),
        nameEn: `Reuse ${n()}`,
        nameMy: 'Guna semula',
      })
    ).id;
  const newVariantGroup = async () =>
    (await addVariantGroup(t, await demoTenantId(t), `Reuse size ${n()}`)).id;
  const newAddon = async () =>
    (
      await insertRow(t, addons, {
        tenantId: await demoTenantId(t),
        name: `Reuse add-on ${n()}`,
        price: 100,
      })
    ).id;
  return { newOutlet, newClosure, newCategory, newVariantGroup, newAddon };
}

function outletDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t, api } = ctx;
  const { newOutlet, newClosure } = catalogueRows(ctx);
  // The rows themselves, not GET /api/outlets/:id: its open_now moves with the clock.
  const outletsByCode = (codes: string[]) => rowsIn(t, outlets, outlets.code, codes);
  const outletsById = (ids: string[]) => rowsIn(t, outlets, outlets.id, ids, outlets.code);
  const closuresOf = async (outletId: string) =>
    (await api.get(`/api/outlets/${outletId}/closures`)).json().data;
  const outletBody = (code: string, name: string) => ({
    code,
    name,
    serving_methods: ['pick_up'],
  });
  return {
    'POST /api/outlets': async () => {
      const [a, b] = [`RN${n()}`, `RN${n()}`];
      return {
        url: '/api/outlets',
        first: outletBody(a, 'Reuse new'),
        second: outletBody(b, 'Reuse other'),
        effect: () => outletsByCode([a, b]),
      };
    },
    'PUT /api/outlets/:id': async () => {
      const outlet = await newOutlet();
      return {
        url: `/api/outlets/${outlet.id}`,
        first: outletBody(outlet.code, 'Reuse renamed'),
        second: outletBody(outlet.code, 'Reuse renamed again'),
        effect: () => outletsById([outlet.id]),
      };
    },
    'DELETE /api/outlets/:id': () =>
      twoTargets(
        newOutlet,
        (a) => `/api/outlets/${a.id}`,
        (a, b) => outletsById([a.id, b.id]),
      ),
    'PUT /api/outlets/:id/hours': async () => {
      const { id } = await newOutlet();
      const week = (day: number) => ({
        hours: [{ day, ranges: [{ open: '08:00', close: '17:00' }] }],
        last_order_minutes: 0,
      });
      return {
        url: `/api/outlets/${id}/hours`,
        first: week(1),
        second: week(2),
        effect: async () => (await api.get(`/api/outlets/${id}/hours`)).json().data,
      };
    },
    'POST /api/outlets/:id/closures': async () => {
      const { id } = await newOutlet();
      return {
        url: `/api/outlets/${id}/closures`,
        first: { from: '2030-01-01', to: '2030-01-02', reason: 'Renovation' },
        second: { from: '2030-03-01', to: '2030-03-01', reason: 'Holiday' },
        effect: () => closuresOf(id),
      };
    },
    'DELETE /api/outlets/:id/closures/:closureId': async () => {
      const { id } = await newOutlet();
      const [a, b] = [await newClosure(id, '2030-02-01'), await newClosure(id, '2030-02-02')];
      return {
        url: `/api/outlets/${id}/closures/${a}`,
        secondUrl: `/api/outlets/${id}/closures/${b}`,
        effect: () => closuresOf(id),
      };
    },
  };
}

function categoryDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t, api } = ctx;
  const { newCategory } = catalogueRows(ctx);
  const db = () => t.database.db;
  const categoriesNamed = (names: string[]) => rowsIn(t, categories, categories.nameEn, names);
  const categoriesById = (ids: string[]) => rowsIn(t, categories, categories.id, ids);
  return {
    'POST /api/categories': async () => {
      const [a, b] = [`Reuse new ${n()}`, `Reuse new ${n()}`];
      return {
        url: '/api/categories',
        first: { name_en: a, name_my: 'Baharu' },
        second: { name_en: b, name_my: 'Baharu' },
        effect: () => categoriesNamed([a, b]),
      };
    },
    'PUT /api/categories/order': async () => {
      const [a, b] = [await newCategory(), await newCategory()];
      // The whole menu order: the second order would swap the two at its head.
      const menuOrder = async () =>
        (
          await db()
            .select({ id: categories.id, sortOrder: categories.sortOrder })
            .from(categories)
            .where(eq(categories.tenantId, await demoTenantId(t)))
            .orderBy(asc(categories.sortOrder), asc(categories.id))
        ).map((c) => c.id);
      return {
        url: '/api/categories/order',
        first: { ids: [a, b] },
        second: { ids: [b, a] },
        effect: menuOrder,
      };
    },
    'PUT /api/categories/:id': async () => {
      const id = await newCategory();
      const [row] = await categoriesById([id]);
      return {
        url: `/api/categories/${id}`,
        first: { name_en: row!.nameEn, name_my: 'Dinamakan semula' },
        second: { name_en: row!.nameEn, name_my: 'Dinamakan lagi' },
        effect: async () => (await api.get(`/api/categories/${id}`)).json().data,
      };
    },
    'DELETE /api/categories/:id': () =>
      twoTargets(
        newCategory,
        (a) => `/api/categories/${a}`,
        (a, b) => categoriesById([a, b]),
      ),
  };
}

function variantAddonDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t } = ctx;
  const { newVariantGroup, newAddon } = catalogueRows(ctx);
  const db = () => t.database.db;
  const groupsWhere = async (where: ReturnType<typeof eq>) => {
    const groups = await db()
      .select()
      .from(variantGroups)
      .where(where)
      .orderBy(asc(variantGroups.id));
    const ids = groups.map((g) => g.id);
    const options = ids.length
      ? await db()
          .select()
          .from(variantOptions)
          .where(inArray(variantOptions.groupId, ids))
          .orderBy(asc(variantOptions.id))
      : [];
    return { groups, options };
  };
  const addonsWhere = (where: ReturnType<typeof eq>) =>
    db().select().from(addons).where(where).orderBy(asc(addons.id));
  const group = (name: string, option: string, price: number) => ({
    variant_name: name,
    options: [{ options_name: option, price }],
  });
  return {
    'POST /api/variant-groups': async () => {
      const [a, b] = [`Reuse group ${n()}`, `Reuse group ${n()}`];
      return {
        url: '/api/variant-groups',
        first: group(a, 'Small', 0),
        second: group(b, 'Small', 0),
        effect: () => groupsWhere(inArray(variantGroups.name, [a, b])),
      };
    },
    'PUT /api/variant-groups/:id': async () => {
      const id = await newVariantGroup();
      return {
        url: `/api/variant-groups/${id}`,
        first: group(`Reuse renamed ${n()}`, 'Large', 100),
        second: group(`Reuse renamed ${n()}`, 'Extra large', 200),
        effect: () => groupsWhere(eq(variantGroups.id, id)),
      };
    },
    'DELETE /api/variant-groups/:id': () =>
      twoTargets(
        newVariantGroup,
        (a) => `/api/variant-groups/${a}`,
        (a, b) => groupsWhere(inArray(variantGroups.id, [a, b])),
      ),
    'POST /api/addons': async () => {
      const [a, b] = [`Reuse add-on ${n()}`, `Reuse add-on ${n()}`];
      return {
        url: '/api/addons',
        first: { addons_name: a, price: 150 },
        second: { addons_name: b, price: 150 },
        effect: () => addonsWhere(inArray(addons.name, [a, b])),
      };
    },
    'PUT /api/addons/:id': async () => {
      const id = await newAddon();
      return {
        url: `/api/addons/${id}`,
        first: { addons_name: `Reuse renamed ${n()}`, price: 200 },
        second: { addons_name: `Reuse renamed ${n()}`, price: 300 },
        effect: () => addonsWhere(eq(addons.id, id)),
      };
    },
    'DELETE /api/addons/:id': () =>
      twoTargets(
        newAddon,
        (a) => `/api/addons/${a}`,
        (a, b) => addonsWhere(inArray(addons.id, [a, b])),
      ),
  };
}

export const catalogueDrivers: DriverSet = (ctx) => ({
  ...outletDrivers(ctx),
  ...categoryDrivers(ctx),
  ...productDrivers(ctx),
  ...variantAddonDrivers(ctx),
});
