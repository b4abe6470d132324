import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  newPhone,
  verifiedCustomer,
} from '../../test/mobile-fixtures';
import { useTestApp } from '../../test/use-test-app';

// The audit log is append-only, so it must never hold what anonymising erases: a customer's
// name or phone. Entries name the customer by id and a masked phone (decision 051).

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });

/** The rule of decision 051, written out here: country code, five bullets, last four digits. */
const masked = (phone: string) => `${phone.slice(0, 3)}•••••${phone.slice(-4)}`;
const uniqueName = (first: string) => `${first} ${randomBytes(4).toString('hex')}`;

type Entry = { action: string; actor_id: string | null; actor_username: string | null };
const search = async (q: string) => {
  const res = await api.get(`/api/logs?page_size=100&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
const trailOf = async (customerId: string) => {
  const res = await api.get(`/api/logs?page_size=100&entity=customer&entity_id=${customerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
/** Entries whose any column (before, after, actor, …) holds `text` anywhere. */
const entriesHolding = async (text: string) => {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from audit_log a where a::text ilike ${`%${text}%`}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
};
const customerIdOf = async (phone: string) =>
  (await t.database.db.select().from(customers).where(eq(customers.phone, phone)))[0]!.id;

describe('a customer anonymised leaves no name or phone in the audit log', () => {
  let phone: string;
  let name: string;
  let renamed: string;
  let id: string;

  beforeAll(async () => {
    phone = newPhone();
    name = uniqueName('Zubaidah');
    renamed = uniqueName('Zubaidah Binti');
    // Sign up and verify in the app, then sign in again.
    await verifiedCustomer(t, { name, phone });
    const signedIn = await api.post(
      '/api/mobile/auth/sign-in',
      { phone, password: CUSTOMER_PASSWORD },
      demoTenantHeader,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    id = await customerIdOf(phone);
    // Staff rename them and add an e-mail, then erase them on request.
    const updated = await api.put(`/api/customers/${id}`, { name: renamed, email: 'z@example.my' });
    expect(updated.statusCode, updated.body).toBe(200);
    const erased = await api.post(`/api/customers/${id}/anonymise`, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
  });

  it('finds nothing by the phone or either name, in the log screen or anywhere in the table', async () => {
    expect(await search(phone)).toEqual([]);
    expect(await search(phone.slice(3))).toEqual([]);
    expect(await search(name)).toEqual([]);
    expect(await search(renamed)).toEqual([]);
    // Every column of every entry, the before and after snapshots included.
    expect(await entriesHolding(phone.slice(3))).toBe(0);
    expect(await entriesHolding(name)).toBe(0);
    expect(await entriesHolding(renamed)).toBe(0);
    expect(await entriesHolding('z@example.my')).toBe(0);
  });

  it('still identifies the customer by id, with the masked phone for people', async () => {
    const trail = await trailOf(id);
    expect(trail.map((e) => e.action).sort()).toEqual([
      'customer.anonymise',
      'customer.sign_in',
      'customer.sign_up',
      'customer.update',
      'customer.verify_phone',
    ]);
    const own = trail.filter(
      (e) => e.action !== 'customer.update' && e.action !== 'customer.anonymise',
    );
    expect(own.map((e) => [e.actor_id, e.actor_username])).toEqual(
      own.map(() => [id, `customer:${masked(phone)}`]),
    );
    const [signUp] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'customer.sign_up'`);
    expect(signUp!.after).toEqual({ phone: masked(phone), referred_by: null });
    const [update] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'customer.update'`);
    expect([update!.before, update!.after]).toEqual([null, { changed: ['name', 'email'] }]);
  });
});

describe('a customer added at the counter', () => {
  it('is logged by id and masked phone, and nothing of them is left once anonymised', async () => {
    const phone = newPhone();
    const name = uniqueName('Walk In');
    const added = await api.post('/api/customers', { name, phone }, as.cashier);
    expect(added.statusCode, added.body).toBe(201);
    const id = await customerIdOf(phone);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'customer.create'`);
    expect(entry!.after).toEqual({ phone: masked(phone), source: 'counter' });
    const erased = await api.post(`/api/customers/${id}/anonymise`, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await search(phone)).toEqual([]);
    expect(await entriesHolding(phone.slice(3))).toBe(0);
    expect(await entriesHolding(name)).toBe(0);
  });
});
