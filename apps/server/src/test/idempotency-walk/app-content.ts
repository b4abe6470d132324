import type { AppFeatureCode } from '@kopi/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { appFeatures } from '../../db/schema/app-features';
import { banners } from '../../db/schema/banners';
import { contentTextDefaults, contentTextOverrides } from '../../db/schema/content-texts';
import { outlets } from '../../db/schema/tenancy';
import { appFeatureCatalogue } from '../../db/seed-app-features';
import { bannerBody } from '../banner-fixtures';
import { createTenant, createUser, insertRow, rowsIn } from '../fixtures';
import { demoTenantId } from '../order-fixtures';
import { type RequestHeaders, requestAs, type TestApp } from '../test-app';
import type { TestAppContext } from '../use-test-app';
import { twoTargets, type DriverSet } from './walk';

// The customer app's content and the ways it is paid: app features, content texts, banners and
// payment gateways. The platform's catalogue and texts are the superadmin's (outside any tenant);
// the rest is the demo tenant's admin's, except the gateways: a business keeps one per provider,
// so each gateway driver gets a business and a gateway keeper of its own.

let counter = 0;
const n = () => ++counter;

/** An outlet of the demo tenant no other driver switches anything at. */
async function newOutlet(t: TestApp) {
  const i = n();
  const [row] = await t.database.db
    .insert(outlets)
    .values({ tenantId: await demoTenantId(t), code: `RU${i}`, name: `Reuse outlet ${i}` })
    .returning();
  return row!.id;
}

/** A text of the platform's no tenant has changed yet; its key. */
async function newPlatformText(t: TestApp) {
  const key = `reuse_text_${n()}`;
  await t.database.db
    .insert(contentTextDefaults)
    .values({ key, textEn: 'Platform wording', textMy: 'Kata-kata platform' });
  return key;
}

/** The demo tenant's own wording of `key`. */
async function overrideText(t: TestApp, key: string) {
  await t.database.db
    .insert(contentTextOverrides)
    .values({ tenantId: await demoTenantId(t), key, textEn: `Our wording ${n()}`, textMy: null });
}

const gatewayCredentials = {
  billplz: {
    api_key: 'reuse-billplz-api-key-0001',
    x_signature_key: 'S-reuse-billplz-signature-key',
    collection_id: 'reuse_col',
  },
  stripe: { secret_key: 'sk_test_reuse_0001', webhook_secret: 'whsec_reuse_0001' },
};

/** A new account with a provider: FPX through Billplz is the default, cards through Stripe not. */
const gatewayBody = (provider: keyof typeof gatewayCredentials) => ({
  provider,
  mode: 'sandbox',
  methods: provider === 'billplz' ? ['fpx'] : ['card'],
  is_default: provider === 'billplz',
  enabled: true,
  credentials: gatewayCredentials[provider],
});

/**
 * A business of its own and a user who keeps its gateways: a business has one account per
 * provider, so drivers sharing one would refuse each other's accounts.
 */
async function newGatewayKeeper(t: TestApp) {
  const slug = `reuse-gateways-${n()}`;
  const { tenant } = await createTenant(t, slug);
  const user = await createUser(t, {
    username: slug,
    tenantId: tenant.id,
    permissions: ['read', 'create', 'update', 'delete'].map((p) => `${p}-payment-gateway`),
  });
  const headers = t.bearer((await t.login(user.username)).token);
  const api = requestAs(t, headers);
  return {
    headers,
    async list() {
      const res = await api.get('/api/payment-gateways');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    },
    async create(provider: keyof typeof gatewayCredentials) {
      const res = await api.post('/api/payment-gateways', gatewayBody(provider));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    },
  };
}

/** The demo tenant's banners: fresh rows, and what the walk reads of them. */
function bannerHelpers({ t }: TestAppContext<'admin'>) {
  const db = () => t.database.db;
  const newBanner = async () =>
    (
      await insertRow(t, banners, {
        tenantId: await demoTenantId(t),
        titleEn: `Reuse banner ${n()}`,
      })
    ).id;
  const bannersWithIds = (ids: string[]) =>
    db()
      .select({ id: banners.id, title: banners.titleEn, order: banners.sortOrder })
      .from(banners)
      .where(inArray(banners.id, ids))
      .orderBy(asc(banners.titleEn));
  const bannersTitled = (titles: string[]) =>
    db()
      .select({ title: banners.titleEn })
      .from(banners)
      .where(inArray(banners.titleEn, titles))
      .orderBy(asc(banners.titleEn));
  return { newBanner, bannersWithIds, bannersTitled };
}

export const appContentDrivers: DriverSet = (ctx) => {
  const { t, api, as } = ctx;
  const { newBanner, bannersWithIds, bannersTitled } = bannerHelpers(ctx);
  // The platform's user, signed in once, when the first platform driver needs it.
  let platform: Promise<RequestHeaders> | undefined;
  const superadmin = () =>
    (platform ??= t.login('superadmin').then((session) => t.bearer(session.token)));

  const feature = async (code: AppFeatureCode) => {
    const res = await api.get('/api/app-features', as.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.find((f: { code: string }) => f.code === code);
  };
  const text = async (key: string) => {
    const res = await api.get(`/api/content-texts/${key}`, as.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const platformTexts = (keys: string[]) =>
    rowsIn(t, contentTextDefaults, contentTextDefaults.key, keys);

  return {
    'PUT /api/general-settings/features/:code': async () => {
      // The vouchers feature is no other driver's; its seeded wording with another name.
      const seeded = appFeatureCatalogue.find((f) => f.code === 'vouchers')!;
      const body = (name_en: string) => ({
        name_en,
        name_my: seeded.nameMy,
        description_en: seeded.descriptionEn,
        description_my: seeded.descriptionMy,
        default_enabled: seeded.defaultEnabled,
        locked: false,
      });
      return {
        url: '/api/general-settings/features/vouchers',
        first: body(`Vouchers ${n()}`),
        second: body(`Vouchers ${n()}`),
        effect: () =>
          t.database.db.select().from(appFeatures).where(eq(appFeatures.code, 'vouchers')),
        headers: await superadmin(),
      };
    },
    'PUT /api/app-features/:code': async () => ({
      url: '/api/app-features/membership',
      first: { enabled: false },
      second: { enabled: true },
      effect: () => feature('membership'),
    }),
    'PUT /api/app-features/:code/outlets/:outletId': async () => {
      const outletId = await newOutlet(t);
      return {
        url: `/api/app-features/order_notes/outlets/${outletId}`,
        first: { enabled: false },
        second: { enabled: true },
        effect: async () =>
          (await feature('order_notes')).outlets.find(
            (o: { outlet_id: string }) => o.outlet_id === outletId,
          ),
      };
    },

    'PUT /api/content-texts/:key': async () => {
      const key = await newPlatformText(t);
      return {
        url: `/api/content-texts/${key}`,
        first: { text_en: 'Our wording', text_my: null },
        second: { text_en: 'Our other wording', text_my: null },
        effect: () => text(key),
      };
    },
    'POST /api/content-texts/:key/reset': () =>
      twoTargets(
        async () => {
          const key = await newPlatformText(t);
          await overrideText(t, key);
          return key;
        },
        (a) => `/api/content-texts/${a}/reset`,
        async (a, b) => [await text(a), await text(b)],
      ),
    'POST /api/general-settings/content-texts': async () => {
      const [a, b] = [`reuse_new_${n()}`, `reuse_new_${n()}`];
      const body = (key: string) => ({
        key,
        description: 'Walked by the reused-key test',
        format: 'plain',
        text_en: 'Platform wording',
        text_my: 'Kata-kata platform',
      });
      return {
        url: '/api/general-settings/content-texts',
        first: body(a),
        second: body(b),
        effect: () => platformTexts([a, b]),
        headers: await superadmin(),
      };
    },
    'PUT /api/general-settings/content-texts/:key': async () => {
      const key = await newPlatformText(t);
      const body = (text_en: string) => ({
        description: 'Walked by the reused-key test',
        format: 'plain',
        text_en,
        text_my: '',
      });
      return {
        url: `/api/general-settings/content-texts/${key}`,
        first: body('Platform wording, edited'),
        second: body('Platform wording, edited again'),
        effect: () => platformTexts([key]),
        headers: await superadmin(),
      };
    },

    'POST /api/payment-gateways': async () => {
      const keeper = await newGatewayKeeper(t);
      return {
        url: '/api/payment-gateways',
        first: gatewayBody('billplz'),
        second: gatewayBody('stripe'),
        effect: keeper.list,
        headers: keeper.headers,
      };
    },
    'PUT /api/payment-gateways/:id': async () => {
      const keeper = await newGatewayKeeper(t);
      const id = await keeper.create('billplz');
      const settings = (methods: string[]) => ({
        mode: 'sandbox',
        methods,
        is_default: true,
        enabled: true,
      });
      return {
        url: `/api/payment-gateways/${id}`,
        first: settings(['fpx']),
        second: settings(['fpx', 'card']),
        effect: keeper.list,
        headers: keeper.headers,
      };
    },
    'DELETE /api/payment-gateways/:id': async () => {
      const keeper = await newGatewayKeeper(t);
      const [a, b] = [await keeper.create('billplz'), await keeper.create('stripe')];
      return {
        url: `/api/payment-gateways/${a}`,
        secondUrl: `/api/payment-gateways/${b}`,
        effect: keeper.list,
        headers: keeper.headers,
      };
    },

    'POST /api/banners': async () => {
      const [a, b] = [`Reuse new banner ${n()}`, `Reuse new banner ${n()}`];
      return {
        url: '/api/banners',
        first: bannerBody({ title_en: a }),
        second: bannerBody({ title_en: b }),
        effect: () => bannersTitled([a, b]),
      };
    },
    'POST /api/banners/reorder': async () => {
      const [a, b] = [await newBanner(), await newBanner()];
      return {
        url: '/api/banners/reorder',
        first: { ids: [a, b] },
        second: { ids: [b, a] },
        effect: () => bannersWithIds([a, b]),
      };
    },
    'PUT /api/banners/:id': async () => {
      const id = await newBanner();
      return {
        url: `/api/banners/${id}`,
        first: bannerBody({ title_en: `Reuse renamed ${n()}` }),
        second: bannerBody({ title_en: `Reuse renamed ${n()}` }),
        effect: () => bannersWithIds([id]),
      };
    },
    'DELETE /api/banners/:id': () =>
      twoTargets(
        newBanner,
        (a) => `/api/banners/${a}`,
        (a, b) => bannersWithIds([a, b]),
      ),
  };
};
