// The tenant-isolation scenario's part for the status board's "Not collected", as tenant A: a
// manager's clearing of a ready order the customer never came for.

interface Requests {
  post(url: string, body?: object): Promise<{ data: unknown }>;
}

export async function boardPart(a: Requests, readyOrderId: string) {
  await a.post(`/api/orders/${readyOrderId}/not-collected`, { reason: 'Isolation: no show' });
}
