import type { MatrixRow } from './authorization-matrix';

// The authorization matrix's rows and requests for the board's "Not collected" (update-order:
// the manager holds it, the cashier and finance do not; the manager is bound to KL01, so a Penang
// order does not exist for them).

export const boardMatrixRows: MatrixRow[] = [
  {
    route: 'POST /api/orders/:id/not-collected',
    expect: { superadmin: 200, admin: 200, manager: 200, cashier: 403, finance: 403 },
  },
  {
    route: 'POST /api/orders/:id/not-collected',
    variant: 'other outlet',
    expect: { superadmin: 200, admin: 200, manager: 404, cashier: 403, finance: 403 },
  },
];

export function boardMatrixRequests(
  readySale: (outletId: string) => Promise<{ id: string }>,
  outlets: () => { own: string; other: string },
) {
  return {
    'POST /api/orders/:id/not-collected': async () => ({
      url: `/api/orders/${(await readySale(outlets().own)).id}/not-collected`,
      payload: { reason: 'Matrix: never collected' },
    }),
    'POST /api/orders/:id/not-collected|other outlet': async () => ({
      url: `/api/orders/${(await readySale(outlets().other)).id}/not-collected`,
      payload: { reason: 'Matrix: never collected' },
    }),
  };
}

export const boardMatrixAudits: Record<string, string> = {
  'POST /api/orders/:id/not-collected': 'order.not_collected order',
};
