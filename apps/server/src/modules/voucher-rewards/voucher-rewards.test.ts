import { rewardSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherRewards } from '../../db/schema/vouchers';
import { useOtherTenant } from '../../test/catalogue-fixtures';
import { signedInUser, auditsOf } from '../../test/fixtures';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { addReward, rewardBody, rewardNow, uniqueVoucher } from '../../test/reward-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { addVoucher } from '../../test/voucher-fixtures';

// The back office's points rewards (/api/voucher-rewards): list with search, status and paging;
// create and update naming a voucher of unique codes of the tenant; a stock never below what
// was exchanged; delete only of a reward never exchanged. Each for staff with the reward
// permissions (the marketing role), within their tenant, and audited.

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });
let voucherId: string;
let marketing: { authorization: string };

const other = useOtherTenant(t, 'reward-rival');
beforeAll(async () => {
  voucherId = (await uniqueVoucher(t)).id;
  marketing = await signedInUser(t, {
    username: 'reward-marketer',
    tenantId: await demoTenantId(t),
    permissions: ['read-reward', 'create-reward', 'update-reward', 'delete-reward'],
  });
});

const create = async (body: Record<string, unknown>) => {
  const res = await api.post('/api/voucher-rewards', body);
  expect(res.statusCode, res.body).toBe(201);
  return rewardSchema.strict().parse(res.json().data);
};

describe('access to /api/voucher-rewards', () => {
  it('answers 401 without a token and 403 without the reward permission', async () => {
    const reward = await addReward(t);
    const paths = [
      ['GET', '/api/voucher-rewards'],
      ['GET', `/api/voucher-rewards/${reward.id}`],
      ['POST', '/api/voucher-rewards'],
      ['PUT', `/api/voucher-rewards/${reward.id}`],
      ['DELETE', `/api/voucher-rewards/${reward.id}`],
    ] as const;
    for (const [method, url] of paths) {
      const body = method === 'POST' || method === 'PUT' ? rewardBody(voucherId) : undefined;
      expectCode(await api.send(method, url, body, anonymous), 401, 'unauthorized');
      expectCode(await api.send(method, url, body, as.cashier), 403, 'forbidden');
    }
    expect(await rewardNow(t, reward.id)).toBeDefined();
  });

  it('lets a marketer holding only the reward permissions create one', async () => {
    const res = await api.post('/api/voucher-rewards', rewardBody(voucherId), marketing);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("answers 404 for another tenant's reward, and refuses another tenant's voucher", async () => {
    const theirs = await addReward(t, { tenantId: other.tenant.id });
    expectCode(await api.get(`/api/voucher-rewards/${theirs.id}`), 404, 'not_found');
    expectCode(
      await api.put(`/api/voucher-rewards/${theirs.id}`, rewardBody(voucherId)),
      404,
      'not_found',
    );
    expectCode(await api.del(`/api/voucher-rewards/${theirs.id}`), 404, 'not_found');
    expect(await rewardNow(t, theirs.id)).toMatchObject({ nameEn: theirs.nameEn });

    const theirVoucher = await uniqueVoucher(t, other.tenant.id);
    const res = await api.post('/api/voucher-rewards', rewardBody(theirVoucher.id));
    expectInvalid(res, ['voucher_id']);
  });
});

describe('POST /api/voucher-rewards', () => {
  it('creates a reward and audits it', async () => {
    const reward = await create(
      rewardBody(voucherId, { name_en: 'Latte for 300', points_price: 300 }),
    );
    expect(reward).toMatchObject({
      voucher_id: voucherId,
      voucher_name_en: 'Free latte',
      points_price: 300,
      stock: 10,
      issued: 0,
      status: 'active',
    });
    expect(await auditsOf(t, 'reward.create', reward.id)).toHaveLength(1);
  });

  it('says why a body is refused: price at least 1, stock at least 1, end after start', async () => {
    const res = await api.post(
      '/api/voucher-rewards',
      rewardBody(voucherId, {
        name_en: '',
        points_price: 0,
        stock: 0,
        starts_at: '2026-03-01T00:00:00+08:00',
        ends_at: '2026-03-01T00:00:00+08:00',
      }),
    );
    expectInvalid(res, ['ends_at', 'name_en', 'points_price', 'stock']);
    // One point is the least price; a reward without a stock limit is fine.
    await create(rewardBody(voucherId, { points_price: 1, stock: null }));
  });

  it('refuses a voucher with a shared code: a reward issues codes of its own', async () => {
    const shared = await addVoucher(t);
    expectCode(
      await api.post('/api/voucher-rewards', rewardBody(shared.id)),
      409,
      'reward_voucher_not_unique',
    );
  });
});

describe('GET /api/voucher-rewards', () => {
  it('searches the name in either language, filters by status and pages', async () => {
    await create(rewardBody(voucherId, { name_en: 'Srch kopi', sort_order: 1 }));
    await create(
      rewardBody(voucherId, { name_en: 'Srch teh', name_my: 'Srch teh tarik', sort_order: 2 }),
    );
    await create(rewardBody(voucherId, { name_en: 'Srch off', status: 'inactive', sort_order: 3 }));
    const names = async (query: string) =>
      (await api.get(`/api/voucher-rewards?${query}`))
        .json()
        .data.map((r: { name_en: string }) => r.name_en);
    expect(await names('q=srch')).toEqual(['Srch kopi', 'Srch teh', 'Srch off']);
    expect(await names('q=tarik')).toEqual(['Srch teh']);
    expect(await names('q=srch&status=inactive')).toEqual(['Srch off']);
    const page1 = (await api.get('/api/voucher-rewards?q=srch&page=1&page_size=5')).json();
    expect(page1.meta).toEqual({ page: 1, page_size: 5, total: 3 });
    const past = (await api.get('/api/voucher-rewards?q=srch&page=2&page_size=5')).json();
    expect(past).toMatchObject({ data: [], meta: { page: 2, total: 3 } });
    expect((await api.get('/api/voucher-rewards?q=nothing-like-this')).json().data).toEqual([]);
    expectCode(await api.get('/api/voucher-rewards?status=gone'), 400, 'validation_failed');
  });
});

describe('PUT and DELETE /api/voucher-rewards/{id}', () => {
  it('keeps the stock at or above what was exchanged: equal is fine, one below is refused', async () => {
    const reward = await addReward(t, { voucherId, stock: 10, issuedCount: 4 });
    const put = (stock: number) =>
      api.put(`/api/voucher-rewards/${reward.id}`, rewardBody(voucherId, { stock }));
    const below = await put(3);
    expectCode(below, 409, 'reward_stock_below_issued');
    expect(detailPaths(below)).toEqual(['stock']);
    expect((await rewardNow(t, reward.id)).stock).toBe(10);
    const res = await put(4);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ stock: 4, issued: 4 });
    expect(await auditsOf(t, 'reward.update', reward.id)).toHaveLength(1);
  });

  it('deletes a reward never exchanged, and refuses one exchanged (switch it off instead)', async () => {
    const fresh = await addReward(t, { voucherId });
    const res = await api.del(`/api/voucher-rewards/${fresh.id}`);
    expect(res.json()).toEqual({ data: { id: fresh.id, deleted: true } });
    expect(await auditsOf(t, 'reward.delete', fresh.id)).toHaveLength(1);
    const gone = await t.database.db
      .select()
      .from(voucherRewards)
      .where(eq(voucherRewards.id, fresh.id));
    expect(gone).toEqual([]);

    const used = await addReward(t, { voucherId, issuedCount: 1, stock: 5 });
    expectCode(await api.del(`/api/voucher-rewards/${used.id}`), 409, 'reward_in_use');
    const off = await api.put(
      `/api/voucher-rewards/${used.id}`,
      rewardBody(voucherId, { status: 'inactive' }),
    );
    expect(off.json().data.status).toBe('inactive');
  });
});
