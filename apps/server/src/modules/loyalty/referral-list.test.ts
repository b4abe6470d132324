import { mobileReferralsSchema, referralSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { referrals } from '../../db/schema/loyalty';
import { expectCode } from '../../test/expect-code';
import { createTenant } from '../../test/fixtures';
import { CUSTOMER_PASSWORD, demoTenantHeader, newPhone, signUp } from '../../test/mobile-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { addCustomer } from '../../test/points-fixtures';
import { anonymous, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Referrals: the pending row a sign-up with a code writes (never for a code of the applicant's
// own), the staff list on /customer/referral with its filters, and the app's "invite a friend".

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager'], api: 'admin' });
const { manager } = as;

let tenantId: string;
let ainaId: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const [aina] = await t.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.referralCode, 'AINA2026')));
  ainaId = aina!.id;
});

const byPhone = async (phone: string) => {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.phone, phone));
  return row!;
};
const referralOf = async (refereeId: string) => {
  const [row] = await t.database.db
    .select()
    .from(referrals)
    .where(eq(referrals.refereeId, refereeId));
  return row ?? null;
};

async function signUpWith(body: Record<string, unknown>) {
  const phone = (body.phone as string | undefined) ?? newPhone();
  const res = await signUp(t, {
    name: 'Friend Of Aina',
    password: CUSTOMER_PASSWORD,
    phone,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return byPhone(phone);
}

describe('a sign-up with a referral code', () => {
  it('stores the referrer and a pending referral in the same transaction', async () => {
    const friend = await signUpWith({ referral_code: 'aina2026', email: 'friend@example.my' });
    expect(friend.referredBy).toBe(ainaId);
    expect(await referralOf(friend.id)).toMatchObject({ referrerId: ainaId, status: 'pending' });
  });

  it("goes ahead without the referral when the code's owner has the applicant's e-mail", async () => {
    const self = await signUpWith({ referral_code: 'AINA2026', email: 'AINA@Example.MY ' });
    expect(self.referredBy).toBeNull();
    expect(await referralOf(self.id)).toBeNull();
  });

  it('ignores an unverified account signing up again with its own code, and drops a dropped code', async () => {
    const phone = newPhone();
    const first = await signUpWith({ phone, referral_code: 'AINA2026' });
    expect(await referralOf(first.id)).toMatchObject({ status: 'pending' });
    const own = await signUpWith({ phone, referral_code: first.referralCode });
    expect(own.referredBy).toBeNull();
    expect(await referralOf(first.id)).toBeNull();
  });

  it('stores the referrer but no referral while the business runs none', async () => {
    const settings = (await api.get('/api/referral-settings')).json().data;
    await api.put('/api/referral-settings', { ...settings, enabled: false });
    const friend = await signUpWith({ referral_code: 'AINA2026' });
    expect(friend.referredBy).toBe(ainaId);
    expect(await referralOf(friend.id)).toBeNull();
    await api.put('/api/referral-settings', settings);
  });
});

describe('GET /api/referrals', () => {
  let rewardedId: string;
  beforeAll(async () => {
    const referrer = await addCustomer(t, tenantId, {
      name: 'Siti Referrer',
      phone: '+60175550001',
    });
    const referee = await addCustomer(t, tenantId, {
      name: 'Hafiz Referee',
      phone: '+60175550002',
    });
    const [row] = await t.database.db
      .insert(referrals)
      .values({
        tenantId,
        referrerId: referrer.id,
        refereeId: referee.id,
        status: 'rewarded',
        rewardedAt: new Date(),
      })
      .returning();
    rewardedId = row!.id;
  });

  it('lists the referrals newest first with both customers, paged', async () => {
    const res = await api.get('/api/referrals?page_size=5');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => referralSchema.strict().parse(r));
    expect(rows[0]).toMatchObject({
      id: rewardedId,
      referrer: { name: 'Siti Referrer', phone: '+60175550001' },
      referee: { name: 'Hafiz Referee' },
      status: 'rewarded',
      order_id: null,
    });
    expect(rows[0].rewarded_at).not.toBeNull();
    const times = rows.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.json().meta).toMatchObject({ page: 1, page_size: 5 });
    expect(res.json().meta.total).toBeGreaterThanOrEqual(2);
  });

  it('searches either side by name or phone and filters by status and customer', async () => {
    const ids = async (query: string) =>
      ((await api.get(`/api/referrals?${query}`)).json().data as { id: string }[]).map((r) => r.id);
    expect(await ids('q=hafiz')).toEqual([rewardedId]);
    expect(await ids('q=5550001')).toEqual([rewardedId]);
    expect(await ids('status=rewarded')).toEqual([rewardedId]);
    const pending = (await api.get('/api/referrals?status=pending&page_size=100')).json().data;
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const ainas = (await api.get(`/api/referrals?customer_id=${ainaId}`)).json().data;
    expect(ainas.every((r: { referrer: { id: string } }) => r.referrer.id === ainaId)).toBe(true);
    expect(ainas.length).toBeGreaterThanOrEqual(1);
    expect(await ids('q=nobody-like-this')).toEqual([]);
  });

  it("never lists another tenant's referrals", async () => {
    const { tenant } = await createTenant(t, 'referral-other');
    const a = await addCustomer(t, tenant.id, { name: 'Other Referrer' });
    const b = await addCustomer(t, tenant.id, { name: 'Other Referee' });
    await t.database.db
      .insert(referrals)
      .values({ tenantId: tenant.id, referrerId: a.id, refereeId: b.id });
    const res = await api.get('/api/referrals?page_size=100');
    expect(res.body).not.toContain('Other Referrer');
    expect((await api.get(`/api/referrals?customer_id=${a.id}`)).json().meta.total).toBe(0);
  });

  it('answers 401 without a token, 403 without read-referral, 400 for bad filters', async () => {
    expect((await api.get('/api/referrals', anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/referrals', manager), 403, 'forbidden');
    expectCode(await api.get('/api/referrals?status=paid'), 400, 'validation_failed');
    expectCode(await api.get('/api/referrals?customer_id=42'), 400, 'validation_failed');
    expectCode(await api.get('/api/referrals?page_size=7'), 400, 'validation_failed');
  });
});

describe('GET /api/mobile/referrals', () => {
  it("answers the customer's code and the friends it brought, first names only", async () => {
    const signIn = await requestAs(t, demoTenantHeader).post('/api/mobile/auth/sign-in', {
      phone: '+60123456789',
      password: CUSTOMER_PASSWORD,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const aina = t.bearer(signIn.json().data.token);
    const res = await api.get('/api/mobile/referrals', aina);
    expect(res.statusCode, res.body).toBe(200);
    const body = mobileReferralsSchema.strict().parse(res.json().data);
    expect(body).toMatchObject({ referral_code: 'AINA2026', enabled: true });
    expect(body.referrals.length).toBeGreaterThanOrEqual(1);
    expect(body.referrals[0]).toMatchObject({ name: 'Friend', status: 'pending' });
  });

  it('answers 401 without a customer session, and to a staff token', async () => {
    expectCode(await api.get('/api/mobile/referrals', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/mobile/referrals'), 401, 'unauthorized');
  });
});
