import type { TestApp } from './test-app';

// The tenant-isolation scenario's part for the staff customer API: the list and its export, the
// counter's lookup and quick add, one customer's details, orders, profile, notes, blocking, the
// PDPA export and, last, anonymising (the customer's app orders lose their name and phone).

/** The scenario's requests as tenant A's admin (answers kept loose, as the scenario's are). */
interface AdminRequests {
  get(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post(url: string, body?: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put(url: string, body: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Uses every staff customer route on the app customer with `phone`, who has app orders. */
export async function customersPart(t: TestApp, tenantA: string, a: AdminRequests, phone: string) {
  await a.get('/api/customers?q=iso&sort=-last_order&has_wallet=false&joined_from=2020-01-01');
  await a.get('/api/customers/export?last_order_from=2020-01-01&lang=my');
  const found = (await a.get(`/api/customers/lookup?phone=${encodeURIComponent(phone)}`)).data as {
    id: string;
  };
  await a.post('/api/customers', { name: 'Iso Walk-in', phone: '+60179990001' });
  const id = found.id;
  await a.get(`/api/customers/${id}`);
  const orders = (await a.get(`/api/customers/${id}/orders`)).data as { id: string }[];
  // The ledgers' reads and writes behind earning points on a paid order, reached here with the
  // customer's own rows (the details above read the tier settings the same way).
  const settings = await import('../modules/loyalty/settings.repo');
  const { membershipTiers } = await import('../db/schema/membership-tiers');
  const { db } = t.database;
  const [gold] = await db
    .insert(membershipTiers)
    .values({
      tenantId: tenantA,
      nameEn: 'Iso Gold',
      nameMy: 'Iso Emas',
      threshold: 987_654,
      colour: '#D4AF37',
      pointsPerRm: 150,
    })
    .returning();
  await settings.setTier(db, tenantA, id, gold!.id);
  await settings.multiplierOf(db, tenantA, id);
  await settings.pointsOfOrder(db, tenantA, orders[0]!.id);
  await a.put(`/api/customers/${id}`, { name: 'Iso Customer', email: 'iso@example.my' });
  await a.post(`/api/customers/${id}/notes`, { body: 'Isolation note' });
  await a.get(`/api/customers/${id}/notes`);
  await a.post(`/api/customers/${id}/block`, { reason: 'Isolation' });
  await a.post(`/api/customers/${id}/unblock`, {});
  await a.get(`/api/customers/${id}/personal-data`);
  await a.post(`/api/customers/${id}/anonymise`, { confirm: true });
}
