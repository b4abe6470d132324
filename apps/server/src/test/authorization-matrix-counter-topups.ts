import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { MatrixAnswer, MatrixRow } from './authorization-matrix';
import { walletCustomer } from './wallet-fixtures';

// The authorization matrix's rows and requests for wallet top-ups at the counter (create-pos:
// admin, manager and cashier; finance has no till). Manager and cashier are bound to KL01, so a
// top-up at PG01 does not exist for them. Each request tops up a customer of its own.

const row = (
  route: string,
  [superadmin, admin, manager, cashier, finance]: [
    MatrixAnswer,
    MatrixAnswer,
    MatrixAnswer,
    MatrixAnswer,
    MatrixAnswer,
  ],
  variant?: string,
): MatrixRow => ({
  route,
  ...(variant ? { variant } : {}),
  expect: { superadmin, admin, manager, cashier, finance },
});

const TOPUP = 'POST /api/customers/:id/wallet/counter-topups';

export const counterTopupMatrixRows: MatrixRow[] = [
  row('GET /api/counter-topups/options', [200, 200, 200, 200, 403]),
  row(TOPUP, [201, 201, 201, 201, 403]),
  row(TOPUP, [201, 201, 404, 404, 403], 'other outlet'),
];

export function counterTopupMatrixRequests(
  env: () => { db: Db; tenantId: string; own: string; other: string },
) {
  const topup = async (outletId: string) => {
    const { db, tenantId } = env();
    const customer = await walletCustomer(db, tenantId);
    return {
      url: `/api/customers/${customer.id}/wallet/counter-topups`,
      payload: { outlet_id: outletId, method: 'cash', amount: 1000, tendered: 2000 },
      headers: { 'idempotency-key': randomUUID() },
    };
  };
  return {
    'GET /api/counter-topups/options': () => ({ url: '/api/counter-topups/options' }),
    [TOPUP]: () => topup(env().own),
    [`${TOPUP}|other outlet`]: () => topup(env().other),
  };
}

export const counterTopupMatrixAudits: Record<string, string> = {
  [TOPUP]: 'wallet.counter_topup customer',
};
