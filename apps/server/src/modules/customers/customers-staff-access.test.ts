import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { otherTenant } from '../../test/catalogue-fixtures';
import { addCustomer, freshPhone } from '../../test/customer-fixtures';
import { expectCode } from '../../test/expect-code';
import { signedInUser } from '../../test/fixtures';
import { anonymous, type HttpMethod, type Payload } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Every staff customer route: 401 without a token, 403 without its permission, 400 with bad
// input (in the envelope, with code_message) and 404 for another tenant's customer, which stays
// as it was.

const { t, api, as } = useTestApp({ signIn: ['admin'], api: 'admin' });

let theirs: typeof customers.$inferSelect;
let mine: typeof customers.$inferSelect;
let nobody: Record<string, string>;

beforeAll(async () => {
  const other = await otherTenant(t, 'rival-kopi');
  theirs = await addCustomer(t, {
    name: 'Rival Customer',
    phone: freshPhone(),
    tenantId: other.tenant.id,
  });
  mine = await addCustomer(t, { name: 'Own Customer', phone: freshPhone() });
  // Signed in to the demo tenant, holding nothing about customers.
  const demo = (await t.database.db.select().from(customers).where(eq(customers.id, mine.id)))[0]!;
  nobody = await signedInUser(t, {
    username: 'no-customers',
    tenantId: demo.tenantId,
    permissions: ['read-dashboard', 'read-order'],
  });
});

interface RouteCase {
  method: HttpMethod;
  url: (id: string) => string;
  /** A valid body (when the route takes one). */
  body?: Payload;
  /** A request the route refuses with 400. */
  bad: { url: (id: string) => string; body?: Payload };
}

const idRoutes: RouteCase[] = [
  { method: 'GET', url: (id) => `/api/customers/${id}`, bad: { url: () => '/api/customers/x' } },
  {
    method: 'PUT',
    url: (id) => `/api/customers/${id}`,
    body: { name: 'Renamed' },
    bad: { url: (id) => `/api/customers/${id}`, body: { name: '' } },
  },
  {
    method: 'GET',
    url: (id) => `/api/customers/${id}/orders`,
    bad: { url: (id) => `/api/customers/${id}/orders?page=0` },
  },
  {
    method: 'POST',
    url: (id) => `/api/customers/${id}/block`,
    body: {},
    bad: { url: (id) => `/api/customers/${id}/block`, body: { reason: 'x'.repeat(300) } },
  },
  {
    method: 'POST',
    url: (id) => `/api/customers/${id}/unblock`,
    body: {},
    bad: { url: (id) => `/api/customers/${id}/unblock`, body: { reason: 7 } },
  },
  {
    method: 'GET',
    url: (id) => `/api/customers/${id}/notes`,
    bad: { url: () => '/api/customers/123/notes' },
  },
  {
    method: 'POST',
    url: (id) => `/api/customers/${id}/notes`,
    body: { body: 'A note' },
    bad: { url: (id) => `/api/customers/${id}/notes`, body: { body: '' } },
  },
  {
    method: 'GET',
    url: (id) => `/api/customers/${id}/personal-data`,
    bad: { url: () => '/api/customers/not-a-uuid/personal-data' },
  },
  {
    method: 'POST',
    url: (id) => `/api/customers/${id}/anonymise`,
    body: { confirm: true },
    bad: { url: (id) => `/api/customers/${id}/anonymise`, body: { confirm: 'yes' } },
  },
];

const listRoutes: RouteCase[] = [
  {
    method: 'GET',
    url: () => '/api/customers',
    bad: { url: () => '/api/customers?has_wallet=maybe' },
  },
  {
    method: 'GET',
    url: () => '/api/customers/export',
    bad: { url: () => '/api/customers/export?last_order_from=soon' },
  },
  {
    method: 'GET',
    url: () => `/api/customers/lookup?phone=${encodeURIComponent('+60123450099')}`,
    bad: { url: () => '/api/customers/lookup?phone=++' },
  },
  {
    method: 'POST',
    url: () => '/api/customers',
    body: { name: 'Anyone', phone: '+60123450098' },
    bad: { url: () => '/api/customers', body: { name: 'Anyone' } },
  },
];

const label = (r: RouteCase) => `${r.method} ${r.url(':id')}`;

describe('every staff customer route', () => {
  it('answers 401 without a token', async () => {
    for (const r of [...idRoutes, ...listRoutes]) {
      const res = await api.send(r.method, r.url(mine.id), r.body, anonymous);
      expect(res.statusCode, label(r)).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without the route’s permission', async () => {
    for (const r of [...idRoutes, ...listRoutes]) {
      const res = await api.send(r.method, r.url(mine.id), r.body, nobody);
      expect(res.statusCode, label(r)).toBe(403);
      expect(res.json().code_message, label(r)).toBe('forbidden');
    }
  });

  it('answers 400 validation_failed with details to bad input', async () => {
    for (const r of [...idRoutes, ...listRoutes]) {
      const res = await api.send(r.method, r.bad.url(mine.id), r.bad.body);
      expect(res.statusCode, `${label(r)} ${res.body}`).toBe(400);
      expect(res.json().code_message, label(r)).toBe('validation_failed');
      expect(res.json().details.length, label(r)).toBeGreaterThan(0);
    }
  });

  it('answers 404 for another tenant’s customer on every route naming one, and changes nothing', async () => {
    for (const r of idRoutes) {
      const res = await api.send(r.method, r.url(theirs.id), r.body);
      expectCode(res, 404, 'not_found');
    }
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, theirs.id));
    expect(after).toEqual(theirs);
    // By phone the other tenant's customer is simply not found, and the phone is free here.
    const lookup = await api.get(`/api/customers/lookup?phone=${encodeURIComponent(theirs.phone)}`);
    expect(lookup.json()).toEqual({ data: null });
    const created = await api.post('/api/customers', { name: 'Same Phone', phone: theirs.phone });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.id).not.toBe(theirs.id);
  });

  it('lets the tenant’s admin through on every route (the happy path of each)', async () => {
    for (const r of [...listRoutes, ...idRoutes]) {
      const res = await api.send(r.method, r.url(mine.id), r.body, as.admin);
      expect(res.statusCode, `${label(r)} ${res.body}`).toBeLessThan(300);
    }
  });
});
