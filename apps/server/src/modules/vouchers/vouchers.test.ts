import { voucherSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherCodes, vouchers } from '../../db/schema/vouchers';
import {
  demoCategory,
  demoOutletIds,
  demoProduct,
  useOtherTenant,
} from '../../test/catalogue-fixtures';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { redeemOnce, uniqueVoucherBody, voucherBody } from '../../test/voucher-admin-fixtures';
import { auditsOf } from '../../test/fixtures';

// The back office's vouchers (/api/vouchers): list with search and filters, create, update with
// the rules a used voucher keeps, delete of a voucher never redeemed; each only for staff who
// hold the voucher permissions, and only within their tenant.

/** "Now" for the states: 10 June 2026, noon in Kuala Lumpur. */
const NOW = new Date('2026-06-10T04:00:00Z');
const { t, api, as } = useTestApp({
  signIn: ['admin', 'cashier', 'manager'],
  api: 'admin',
  now: () => NOW,
});
const { cashier, manager } = as;
let kl: string;
let pg: string;
const other = useOtherTenant(t, 'voucher-rival');
beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
});

const create = async (body: Record<string, unknown>) => {
  const res = await api.post('/api/vouchers', body);
  expect(res.statusCode, res.body).toBe(201);
  return voucherSchema.strict().parse(res.json().data);
};
const names = (res: { json(): { data: { name_en: string }[] } }) =>
  res
    .json()
    .data.map((v) => v.name_en)
    .sort();

describe('GET /api/vouchers', () => {
  it('filters by state now, type, code kind and outlet, and searches names and codes', async () => {
    const at = (iso: string) => `${iso}T00:00:00+08:00`;
    // Tagged names: this file's other tests add vouchers of their own.
    await create(voucherBody({ name_en: 'Flt live', code: 'FLTLIVE', outlet_ids: [kl] }));
    await create(
      uniqueVoucherBody({
        name_en: 'Flt soon',
        type: 'fixed',
        value: 300,
        valid_from: at('2026-07-01'),
      }),
    );
    await create(
      voucherBody({ name_en: 'Flt over', code: 'FLTOVER', valid_until: at('2026-06-01') }),
    );
    await create(voucherBody({ name_en: 'Flt off', code: 'FLTOFF', status: 'inactive' }));
    const list = (query: string) => api.get(`/api/vouchers?q=flt&${query}`);

    expect(names(await list('state=active'))).toEqual(['Flt live']);
    expect(names(await list('state=scheduled'))).toEqual(['Flt soon']);
    expect(names(await list('state=expired'))).toEqual(['Flt over']);
    expect(names(await list('state=inactive'))).toEqual(['Flt off']);
    expect(names(await list('type=fixed'))).toEqual(['Flt soon']);
    expect(names(await list('code_kind=unique'))).toEqual(['Flt soon']);
    // An outlet finds the vouchers usable there: the ones naming it and the ones for every outlet.
    expect(names(await list(`outlet_id=${pg}`))).toEqual(['Flt off', 'Flt over', 'Flt soon']);
    expect(names(await list(`outlet_id=${kl}`))).toHaveLength(4);
    // The shared code, whatever its case; the Malay name too.
    expect(names(await api.get('/api/vouchers?q=fltover'))).toEqual(['Flt over']);
    const paged = await api.get('/api/vouchers?q=flt&page=2&page_size=5');
    expect(paged.json().meta).toEqual({ page: 2, page_size: 5, total: 4 });
    expect(paged.json().data).toEqual([]);
  });

  it('finds a voucher by one of its unique codes, and shows redemptions and codes generated', async () => {
    const voucher = await create(uniqueVoucherBody({ name_en: 'Printed sheet' }));
    const tenantId = await demoTenantId(t);
    await t.database.db.insert(voucherCodes).values(
      ['SHEET-AAAA2222', 'SHEET-BBBB3333'].map((code) => ({
        tenantId,
        voucherId: voucher.id,
        code,
      })),
    );
    await redeemOnce(t, voucher.id, kl);
    const res = await api.get('/api/vouchers?q=sheet-bbbb');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ id: voucher.id, redeemed: 1, codes_generated: 2 });
  });

  it('answers 401 without a token and 403 to staff without read-voucher', async () => {
    expectCode(await api.get('/api/vouchers', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/vouchers', cashier), 403, 'forbidden');
    expectCode(await api.get('/api/vouchers', manager), 403, 'forbidden');
    expectCode(await api.get('/api/vouchers?state=soon'), 400, 'validation_failed');
  });
});

describe('POST /api/vouchers', () => {
  it('creates a voucher with its rules, upper-cases the code, and audits it', async () => {
    const kopi = await demoCategory(t, 'Kopi');
    const product = await demoProduct(t, 'KOP-001');
    const created = await create(
      voucherBody({
        name_en: 'Raya 20',
        code: 'raya20',
        max_discount: 500,
        min_spend: 1500,
        days_of_week: [5, 1],
        hours_from: '10:00',
        hours_until: '14:00',
        total_limit: 100,
        per_customer_limit: 1,
        outlet_ids: [kl],
        sources: ['pos'],
        serving_methods: ['dine_in'],
        product_ids: [product.id],
        category_ids: [kopi.id],
        requires_customer: true,
      }),
    );
    expect(created).toMatchObject({
      code: 'RAYA20',
      max_discount: 500,
      days_of_week: [1, 5],
      outlet_ids: [kl],
      product_ids: [product.id],
      category_ids: [kopi.id],
      redeemed: 0,
      codes_generated: 0,
      status: 'active',
    });
    expect((await api.get(`/api/vouchers/${created.id}`)).json().data).toEqual(created);
    const [entry] = await auditsOf(t, 'voucher.create', created.id);
    expect(entry?.actorUsername).toBe('admin');
  });

  it('answers 400 with the fields at fault, including ids that are not the tenant’s', async () => {
    const missing = await api.post('/api/vouchers', voucherBody({ name_en: ' ', code: null }));
    expectInvalid(missing, ['code', 'name_en']);
    const theirs = await api.post(
      '/api/vouchers',
      voucherBody({
        outlet_ids: [kl, other.outlet.id],
        category_ids: [other.category.id],
        product_ids: [other.category.id],
      }),
    );
    expectCode(theirs, 400, 'validation_failed');
    expect(detailPaths(theirs)).toEqual(['outlet_ids.1', 'product_ids.0', 'category_ids.0']);
    const freeItem = await api.post(
      '/api/vouchers',
      voucherBody({
        type: 'free_item',
        value: 0,
        free_item_kind: 'category',
        free_item_id: other.category.id,
      }),
    );
    expectInvalid(freeItem, ['free_item_id']);
  });

  it('refuses a shared code another voucher of the tenant has, shared or generated', async () => {
    await create(voucherBody({ code: 'ONLYONE' }));
    const again = await api.post('/api/vouchers', voucherBody({ code: 'onlyone' }));
    expectCode(again, 409, 'voucher_code_taken');
    expect(detailPaths(again)).toEqual(['code']);
    const unique = await create(uniqueVoucherBody());
    await t.database.db
      .insert(voucherCodes)
      .values({ tenantId: await demoTenantId(t), voucherId: unique.id, code: 'GEN-ABCDEFGH' });
    expectCode(
      await api.post('/api/vouchers', voucherBody({ code: 'GEN-ABCDEFGH' })),
      409,
      'voucher_code_taken',
    );
    // Another business may use the same code.
    const rival = await api.post('/api/vouchers', voucherBody({ code: 'ONLYONE' }), other.headers);
    expect(rival.statusCode, rival.body).toBe(201);
  });

  it('answers 403 to a cashier', async () => {
    expectCode(await api.post('/api/vouchers', voucherBody(), cashier), 403, 'forbidden');
  });
});

describe('PUT /api/vouchers/{id}', () => {
  it('updates the rules and audits before and after', async () => {
    const voucher = await create(voucherBody({ name_en: 'Before' }));
    const res = await api.put(
      `/api/vouchers/${voucher.id}`,
      voucherBody({ name_en: 'After', code: voucher.code, type: 'fixed', value: 250 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name_en: 'After', type: 'fixed', value: 250 });
    const [entry] = await auditsOf(t, 'voucher.update', voucher.id);
    expect(entry?.before).toMatchObject({ name_en: 'Before' });
    expect(entry?.after).toMatchObject({ name_en: 'After' });
  });

  it('keeps the code kind, and the total limit at least the redemptions made', async () => {
    const voucher = await create(voucherBody({ total_limit: 5 }));
    const kind = await api.put(`/api/vouchers/${voucher.id}`, uniqueVoucherBody());
    expectCode(kind, 409, 'voucher_code_kind_fixed');
    await redeemOnce(t, voucher.id, kl);
    await redeemOnce(t, voucher.id, kl);
    const body = (limit: number) => voucherBody({ code: voucher.code, total_limit: limit });
    const below = await api.put(`/api/vouchers/${voucher.id}`, body(1));
    expectCode(below, 409, 'voucher_limit_below_used');
    expect(detailPaths(below)).toEqual(['total_limit']);
    const exact = await api.put(`/api/vouchers/${voucher.id}`, body(2));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data).toMatchObject({ total_limit: 2, redeemed: 2 });
  });

  it('refuses a shared code another voucher has', async () => {
    const [a, b] = [await create(voucherBody()), await create(voucherBody())];
    const res = await api.put(`/api/vouchers/${b.id}`, voucherBody({ code: a.code }));
    expectCode(res, 409, 'voucher_code_taken');
    // Keeping its own code is no clash.
    expect((await api.put(`/api/vouchers/${b.id}`, voucherBody({ code: b.code }))).statusCode).toBe(
      200,
    );
  });
});

describe('DELETE /api/vouchers/{id}', () => {
  it('deletes a voucher never redeemed with its codes, and refuses a redeemed one', async () => {
    const voucher = await create(uniqueVoucherBody());
    await t.database.db
      .insert(voucherCodes)
      .values({ tenantId: await demoTenantId(t), voucherId: voucher.id, code: 'GONE-ABCDEFGH' });
    const res = await api.del(`/api/vouchers/${voucher.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.database.db.select().from(voucherCodes).where(eq(voucherCodes.voucherId, voucher.id)),
    ).toEqual([]);
    expect(await auditsOf(t, 'voucher.delete', voucher.id)).toHaveLength(1);
    expectCode(await api.get(`/api/vouchers/${voucher.id}`), 404, 'not_found');

    const used = await create(voucherBody());
    await redeemOnce(t, used.id, kl);
    expectCode(await api.del(`/api/vouchers/${used.id}`), 409, 'voucher_in_use');
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, used.id));
    expect(row?.id).toBe(used.id);
  });

  it('answers 403 to a manager', async () => {
    const voucher = await create(voucherBody());
    expectCode(await api.del(`/api/vouchers/${voucher.id}`, undefined, manager), 403, 'forbidden');
  });
});

describe('another tenant’s voucher', () => {
  it('is not found on every route that names it', async () => {
    const res = await api.post('/api/vouchers', uniqueVoucherBody(), other.headers);
    const id = res.json().data.id as string;
    const job = '00000000-0000-4000-8000-000000000000';
    const answers = [
      await api.get(`/api/vouchers/${id}`),
      await api.put(`/api/vouchers/${id}`, uniqueVoucherBody()),
      await api.del(`/api/vouchers/${id}`),
      await api.post(`/api/vouchers/${id}/codes`, { count: 5 }),
      await api.get(`/api/vouchers/${id}/codes`),
      await api.get(`/api/vouchers/${id}/codes/jobs/${job}`),
      await api.get(`/api/vouchers/${id}/codes/export`),
    ];
    for (const answer of answers) expectCode(answer, 404, 'not_found');
    // Theirs is untouched, and no code was made for it.
    expect((await api.get(`/api/vouchers/${id}`, other.headers)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(voucherCodes).where(eq(voucherCodes.voucherId, id)),
    ).toEqual([]);
  });
});
