import { customerSummarySchema } from '@kopi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerSessions, customers } from '../../db/schema/customers';
import { addCustomer, pointsEntry, walletEntry } from '../../test/customer-fixtures';
import { expectCode } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  latestCode,
  newPhone,
  signUp,
  verifiedCustomer,
} from '../../test/mobile-fixtures';
import { requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Blocking and unblocking (the app refuses a blocked customer at once), staff notes, and the
// counter's lookup and quick add by phone, which the app's sign-up later takes over.

const { t, api, as } = useTestApp({
  signIn: ['admin', 'manager', 'cashier', 'finance'],
  api: 'admin',
});
const { manager, cashier, finance } = as;
const app = () => requestAs(t, demoTenantHeader);

describe('POST /api/customers/{id}/block and /unblock', () => {
  it('blocks: the app token stops working at once and sign-in is refused; unblock restores sign-in', async () => {
    const customer = await verifiedCustomer(t, { name: 'Farah Blocked' });
    const me = await app().get('/api/mobile/me', customer.headers);
    expect(me.statusCode).toBe(200);
    const id = me.json().data.id as string;

    const res = await api.post(`/api/customers/${id}/block`, { reason: 'Chargeback abuse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    // The session was revoked in the same transaction as the block.
    const live = await t.database.db
      .select()
      .from(customerSessions)
      .where(and(eq(customerSessions.customerId, id), isNull(customerSessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await app().get('/api/mobile/me', customer.headers)).statusCode).toBe(401);
    const signIn = await app().post('/api/mobile/auth/sign-in', {
      phone: customer.phone,
      password: CUSTOMER_PASSWORD,
    });
    expectCode(signIn, 400, 'customer_disabled');
    expect(await latestAudit(t, 'customer.block')).toMatchObject({
      entityId: id,
      before: { status: 'active' },
      after: { status: 'disabled', reason: 'Chargeback abuse', sessions_revoked: 1 },
    });

    const unblocked = await api.post(`/api/customers/${id}/unblock`, {});
    expect(unblocked.json().data.status).toBe('active');
    expect(await latestAudit(t, 'customer.unblock')).toMatchObject({
      entityId: id,
      after: { status: 'active', reason: null },
    });
    const again = await app().post('/api/mobile/auth/sign-in', {
      phone: customer.phone,
      password: CUSTOMER_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a customer whose status is disabled even if a session survived', async () => {
    // A status set outside the API (a database fix): the app checks the status on every call.
    const customer = await verifiedCustomer(t, { name: 'Status Checked' });
    await t.database.db
      .update(customers)
      .set({ status: 'disabled' })
      .where(eq(customers.phone, customer.phone));
    expect((await app().get('/api/mobile/me', customer.headers)).statusCode).toBe(401);
  });

  it('writes nothing when blocking twice, and answers 403 to a manager', async () => {
    const c = await addCustomer(t, { name: 'Twice Blocked', phone: newPhone() });
    await api.post(`/api/customers/${c.id}/block`, {});
    const first = await latestAudit(t, 'customer.block');
    const res = await api.post(`/api/customers/${c.id}/block`, {});
    expect(res.statusCode).toBe(200);
    expect((await latestAudit(t, 'customer.block'))!.id).toBe(first!.id);
    expectCode(await api.post(`/api/customers/${c.id}/unblock`, {}, manager), 403, 'forbidden');
    const long = await api.post(`/api/customers/${c.id}/unblock`, { reason: 'x'.repeat(201) });
    expectCode(long, 400, 'validation_failed');
  });
});

describe('GET and POST /api/customers/{id}/notes', () => {
  it('adds notes signed by the author, lists them newest first, audits without the text', async () => {
    const c = await addCustomer(t, { name: 'Noted Customer', phone: newPhone() });
    const first = await api.post(`/api/customers/${c.id}/notes`, { body: 'Prefers oat milk' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ body: 'Prefers oat milk', author: 'Aisyah Rahman' });
    await api.post(`/api/customers/${c.id}/notes`, { body: 'Complained about the wait, 3 May' });
    const res = await api.get(`/api/customers/${c.id}/notes`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((n: { body: string }) => n.body)).toEqual([
      'Complained about the wait, 3 May',
      'Prefers oat milk',
    ]);
    const entry = await latestAudit(t, 'customer.note');
    expect(entry).toMatchObject({ entityId: c.id });
    expect(JSON.stringify(entry)).not.toContain('Complained');
  });

  it('refuses an empty note (400) and a manager adding one (403)', async () => {
    const c = await addCustomer(t, { name: 'Quiet Customer', phone: newPhone() });
    expectCode(
      await api.post(`/api/customers/${c.id}/notes`, { body: ' ' }),
      400,
      'validation_failed',
    );
    const res = await api.post(`/api/customers/${c.id}/notes`, { body: 'Hi' }, manager);
    expectCode(res, 403, 'forbidden');
  });
});

describe('GET /api/customers/lookup', () => {
  let phone: string;
  beforeAll(async () => {
    phone = newPhone();
    await addCustomer(t, { name: 'Lookup Lee', phone });
  });

  it('finds a customer by phone in any Malaysian form, for the cashier and for readers', async () => {
    const local = `0${phone.slice(3, 5)}-${phone.slice(5, 8)} ${phone.slice(8)}`;
    const res = await api.get(`/api/customers/lookup?phone=${encodeURIComponent(local)}`, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(customerSummarySchema.parse(res.json().data)).toMatchObject({
      name: 'Lookup Lee',
      phone,
    });
    const byFinance = await api.get(
      `/api/customers/lookup?phone=${encodeURIComponent(phone)}`,
      finance,
    );
    expect(byFinance.json().data.name).toBe('Lookup Lee');
  });

  it("shows the cashier the customer's latest five notes, newest first, and no one else's", async () => {
    const noted = newPhone();
    const c = await addCustomer(t, { name: 'Allergic Ang', phone: noted });
    const other = await addCustomer(t, { name: 'Other Ong', phone: newPhone() });
    await api.post(`/api/customers/${other.id}/notes`, { body: 'Not this one' });
    const bodies = ['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Peanut allergy'];
    for (const body of bodies) await api.post(`/api/customers/${c.id}/notes`, { body });
    const res = await api.get(`/api/customers/lookup?phone=${encodeURIComponent(noted)}`, cashier);
    expect(res.statusCode, res.body).toBe(200);
    // Five shown: the sixth and newest first, the oldest ('Note 1') left out.
    expect(res.json().data.notes).toEqual([
      'Peanut allergy',
      'Note 5',
      'Note 4',
      'Note 3',
      'Note 2',
    ]);
    const plain = await api.get(
      `/api/customers/lookup?phone=${encodeURIComponent(phone)}`,
      cashier,
    );
    expect(plain.json().data.notes).toEqual([]);
  });

  it('answers null for an unknown phone and 400 for a malformed one', async () => {
    const none = await api.get(
      `/api/customers/lookup?phone=${encodeURIComponent(newPhone())}`,
      cashier,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });
    expectCode(await api.get('/api/customers/lookup?phone=abc', cashier), 400, 'validation_failed');
    expectCode(await api.get('/api/customers/lookup', cashier), 400, 'validation_failed');
  });
});

describe('POST /api/customers', () => {
  it('adds a walk-in without an app account; the phone then is taken', async () => {
    const phone = newPhone();
    const res = await api.post('/api/customers', { name: 'Walk-in Wong', phone }, cashier);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Walk-in Wong',
      phone,
      app_account: false,
      points: 0,
      wallet_balance: 0,
      status: 'active',
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.phone, phone));
    expect(row).toMatchObject({ passwordHash: null, phoneVerifiedAt: null });
    expect(row!.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await latestAudit(t, 'customer.create')).toMatchObject({
      entityId: row!.id,
      actorUsername: 'cashier',
    });
    const again = await api.post('/api/customers', { name: 'Someone Else', phone }, cashier);
    expectCode(again, 409, 'customer_phone_taken');
    // Without a password the counter's customer cannot sign in to the app.
    const signIn = await app().post('/api/mobile/auth/sign-in', {
      phone,
      password: CUSTOMER_PASSWORD,
    });
    expectCode(signIn, 400, 'invalid_phone_or_password');
  });

  it('is taken over by the app sign-up with the same phone, wallet and points kept', async () => {
    const phone = newPhone();
    const created = await api.post('/api/customers', { name: 'Counter Chong', phone }, cashier);
    const id = created.json().data.id as string;
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    await walletEntry(t, row!, 2000);
    await pointsEntry(t, row!, 40);
    const res = await signUp(t, { name: 'Chong Wei', phone, password: CUSTOMER_PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    const verified = await app().post('/api/mobile/auth/verify-phone', {
      phone,
      code: await latestCode(t, phone),
    });
    expect(verified.statusCode).toBe(200);
    const details = (await api.get(`/api/customers/${id}`)).json().data;
    expect(details).toMatchObject({
      id,
      name: 'Chong Wei',
      app_account: true,
      phone_verified: true,
      wallet_balance: 2000,
      points: 40,
    });
  });

  it('refuses bad input (400), a role without create-pos or create-customer (403)', async () => {
    const bad = await api.post('/api/customers', { name: '', phone: '12' }, cashier);
    expectCode(bad, 400, 'validation_failed');
    const res = await api.post('/api/customers', { name: 'X', phone: newPhone() }, finance);
    expectCode(res, 403, 'forbidden');
  });
});
