import { customerPersonalDataSchema } from '@kopi/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerSessions, customers } from '../../db/schema/customers';
import { customerNotes, pointsEntries, referrals, walletEntries } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { salesPaymentRollups, salesRollups } from '../../db/schema/reports';
import { addCustomer, customerSale, pointsEntry, walletEntry } from '../../test/customer-fixtures';
import { expectCode } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  newPhone,
  signUp,
  verifiedCustomer,
  type TestCustomer,
} from '../../test/mobile-fixtures';
import { requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Malaysia's PDPA for one customer: everything held on them as one JSON document (and nothing of
// anyone else), and erasing their personal data while orders, ledgers and reports stay intact.

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager'], api: 'admin' });
const app = () => requestAs(t, demoTenantHeader);

type Row = typeof customers.$inferSelect;
let aminah: Row;
let bala: Row;
let session: TestCustomer;
const orderIds: string[] = [];
let balaOrder: string;

const rowOf = async (id: string) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;

beforeAll(async () => {
  session = await verifiedCustomer(t, { name: 'Aminah Yusof' });
  const [found] = await t.database.db
    .select()
    .from(customers)
    .where(eq(customers.phone, session.phone));
  await t.database.db
    .update(customers)
    .set({ email: 'aminah@example.my', birthday: '1988-08-08' })
    .where(eq(customers.id, found!.id));
  aminah = await rowOf(found!.id);
  bala = await addCustomer(t, { name: 'Bala Subramaniam', phone: newPhone(), email: 'bala@x.my' });
  await t.database.db
    .insert(referrals)
    .values({ tenantId: aminah.tenantId, referrerId: bala.id, refereeId: aminah.id });
  for (const c of [aminah, bala]) {
    await walletEntry(t, c, 3000);
    await walletEntry(t, c, -800);
    await pointsEntry(t, c, 120);
  }
  orderIds.push((await customerSale(t, as.admin, aminah)).id);
  orderIds.push((await customerSale(t, as.admin, aminah, { outlet: 'PG01' })).id);
  balaOrder = (await customerSale(t, as.admin, bala)).id;
  await api.post(`/api/customers/${aminah.id}/notes`, { body: 'Allergic to peanuts' });
  await api.post(`/api/customers/${bala.id}/notes`, { body: 'Bala likes kopi O' });
});

describe('GET /api/customers/{id}/personal-data', () => {
  it('answers everything held on the customer and nothing of anyone else, audited', async () => {
    const res = await api.get(`/api/customers/${aminah.id}/personal-data`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = customerPersonalDataSchema.strict().parse(res.json().data);
    expect(doc.profile).toMatchObject({
      id: aminah.id,
      name: 'Aminah Yusof',
      phone: session.phone,
      email: 'aminah@example.my',
      birthday: '1988-08-08',
      wallet_balance: 2200,
      points: 120,
      anonymised_at: null,
    });
    expect(doc.orders).toHaveLength(2);
    expect(doc.orders[0]).toMatchObject({
      customer_name: 'Aminah Yusof',
      customer_phone: session.phone,
      total: 636,
      paid: 636,
    });
    expect(doc.wallet_entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['topup', 3000, 3000],
      ['spend', -800, 2200],
    ]);
    expect(doc.points_entries.map((e) => e.points)).toEqual([120]);
    expect(doc.referrals).toEqual([
      expect.objectContaining({ role: 'referee', status: 'pending', rewarded_at: null }),
    ]);
    expect(doc.notes.map((n) => n.body)).toEqual(['Allergic to peanuts']);
    expect(doc.app_sessions.length).toBeGreaterThanOrEqual(1);
    const text = res.body;
    for (const theirs of [bala.id, bala.name, bala.phone, 'bala@x.my', 'Bala likes', balaOrder]) {
      expect(text).not.toContain(theirs);
    }
    const entry = await latestAudit(t, 'customer.export');
    expect(entry).toMatchObject({ entityId: aminah.id, actorUsername: 'admin' });
    expect(JSON.stringify(entry)).not.toContain(session.phone);
  });

  it('is for update-customer holders: 403 to a manager', async () => {
    const res = await api.get(`/api/customers/${aminah.id}/personal-data`, as.manager);
    expectCode(res, 403, 'forbidden');
  });
});

describe('POST /api/customers/{id}/anonymise', () => {
  it('asks for confirm: true', async () => {
    expectCode(
      await api.post(`/api/customers/${aminah.id}/anonymise`, {}),
      400,
      'validation_failed',
    );
    const no = await api.post(`/api/customers/${aminah.id}/anonymise`, { confirm: false });
    expectCode(no, 400, 'validation_failed');
  });

  it('erases personal data; orders, ledgers, balances and reports stay; the app refuses them', async () => {
    const db = t.database.db;
    const ledgers = async (id: string) => ({
      wallet: await db
        .select()
        .from(walletEntries)
        .where(eq(walletEntries.customerId, id))
        .orderBy(asc(walletEntries.createdAt)),
      points: await db.select().from(pointsEntries).where(eq(pointsEntries.customerId, id)),
    });
    const money = async () =>
      db
        .select({ id: orders.id, total: orders.total, paid: orders.paid, status: orders.status })
        .from(orders)
        .where(inArray(orders.id, [...orderIds, balaOrder]))
        .orderBy(asc(orders.id));
    const reports = async () => ({
      sales: await db.select().from(salesRollups).orderBy(asc(salesRollups.businessDate)),
      payments: await db.select().from(salesPaymentRollups),
    });
    const before = {
      ledgers: await ledgers(aminah.id),
      money: await money(),
      reports: await reports(),
    };

    const res = await api.post(`/api/customers/${aminah.id}/anonymise`, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: aminah.id,
      orders_cleared: 2,
      notes_deleted: 1,
      sessions_revoked: 1,
    });

    const row = await rowOf(aminah.id);
    expect(row).toMatchObject({
      name: 'Anonymised customer',
      phone: `anon:${aminah.id}`,
      email: null,
      birthday: null,
      passwordHash: null,
      walletBalance: 2200,
      points: 120,
    });
    expect(row.anonymisedAt).not.toBeNull();
    expect(await ledgers(aminah.id)).toEqual(before.ledgers);
    expect(await money()).toEqual(before.money);
    expect(await reports()).toEqual(before.reports);
    const snapshots = await db
      .select({ id: orders.id, name: orders.customerName, phone: orders.customerPhone })
      .from(orders)
      .where(inArray(orders.id, [...orderIds, balaOrder]));
    for (const o of snapshots) {
      if (o.id === balaOrder) expect(o.name).toBe(bala.name);
      else expect([o.name, o.phone]).toEqual([null, null]);
    }
    expect(
      await db.select().from(customerNotes).where(eq(customerNotes.customerId, aminah.id)),
    ).toEqual([]);
    const sessions = await db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, aminah.id));
    expect(sessions.every((s) => s.revokedAt !== null && s.ip === null)).toBe(true);

    // The app: the old token is refused, the phone no longer signs in.
    expect((await app().get('/api/mobile/me', session.headers)).statusCode).toBe(401);
    const signIn = await app().post('/api/mobile/auth/sign-in', {
      phone: session.phone,
      password: CUSTOMER_PASSWORD,
    });
    expectCode(signIn, 400, 'invalid_phone_or_password');

    // Staff see an anonymised record; the audit entry holds no personal data.
    const details = (await api.get(`/api/customers/${aminah.id}`)).json().data;
    expect(details).toMatchObject({ anonymised: true, name: 'Anonymised customer', phone: '' });
    const search = await api.get(`/api/customers?q=${encodeURIComponent(session.phone.slice(3))}`);
    expect(search.json().data).toEqual([]);
    const entry = JSON.stringify(await latestAudit(t, 'customer.anonymise'));
    for (const personal of ['Aminah', session.phone, 'aminah@example.my', '1988-08-08']) {
      expect(entry).not.toContain(personal);
    }
  });

  it('answers 409 customer_anonymised to a second erasure and to any later change', async () => {
    const base = `/api/customers/${aminah.id}`;
    expectCode(await api.post(`${base}/anonymise`, { confirm: true }), 409, 'customer_anonymised');
    expectCode(await api.put(base, { name: 'Back again' }), 409, 'customer_anonymised');
    expectCode(await api.post(`${base}/block`, {}), 409, 'customer_anonymised');
    expectCode(await api.post(`${base}/notes`, { body: 'Hello' }), 409, 'customer_anonymised');
    // The personal-data document now holds only what is left.
    const doc = (await api.get(`${base}/personal-data`)).json().data;
    expect(doc.profile).toMatchObject({ name: 'Anonymised customer', phone: '', email: null });
    expect(doc.orders.every((o: { customer_name: null }) => o.customer_name === null)).toBe(true);
  });

  it('frees the phone: signing up with it makes a new customer', async () => {
    const res = await signUp(t, {
      name: 'Aminah Again',
      phone: session.phone,
      password: CUSTOMER_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [fresh] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.phone, session.phone));
    expect(fresh!.id).not.toBe(aminah.id);
    expect(fresh!.walletBalance).toBe(0);
  });
});
