// The tenant-isolation scenario's part for the customer app's feature switches: tenant A's admin
// reads them, switches a feature for the business and at an outlet, and puts both back.

/** The scenario's requests as tenant A's admin (answers kept loose, as the scenario's are). */
interface AdminRequests {
  get(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put(url: string, body: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function appFeaturesPart(a: AdminRequests, outletId: string) {
  await a.get('/api/app-features');
  await a.put('/api/app-features/wallet_top_up', { enabled: false });
  await a.put('/api/app-features/wallet_top_up', { enabled: null });
  await a.put(`/api/app-features/order_notes/outlets/${outletId}`, { enabled: false });
  await a.put(`/api/app-features/order_notes/outlets/${outletId}`, { enabled: null });
}
