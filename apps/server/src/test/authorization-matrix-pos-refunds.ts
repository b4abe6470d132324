import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema/access';
import { createPasswordHasher } from '../lib/password';
import type { MatrixRow } from './authorization-matrix';
import { testHashing } from './test-app';
import { amountRefund } from './refund-fixtures';

// The authorization matrix's rows and requests for refunds at the POS (create-pos). A refund at
// the counter is always approved by someone else's PIN: finance (tenant-wide, approve-refund)
// approves every role's request; its PIN is set again before each request, since the matrix's
// own PIN rows change it. A card sale is refunded to the card, so no drawer is needed.

const OTHER = 'other outlet';

export const posRefundMatrixRows: MatrixRow[] = [
  {
    route: 'GET /api/pos/receipts',
    expect: { superadmin: 200, admin: 200, manager: 200, cashier: 200, finance: 403 },
  },
  {
    route: 'GET /api/pos/receipts',
    variant: OTHER,
    expect: { superadmin: 200, admin: 200, manager: 404, cashier: 404, finance: 403 },
  },
  {
    route: 'POST /api/pos/refunds',
    expect: { superadmin: 201, admin: 201, manager: 201, cashier: 201, finance: 403 },
  },
  {
    route: 'POST /api/pos/refunds',
    variant: OTHER,
    expect: { superadmin: 201, admin: 201, manager: 404, cashier: 404, finance: 403 },
  },
];

const PIN = '9517';

export function posRefundMatrixRequests(
  env: () => {
    db: Db;
    kl: string;
    pg: string;
    sale: (outletId: string) => Promise<{ id: string }>;
  },
) {
  const hasher = createPasswordHasher(testHashing);
  async function approval() {
    const { db } = env();
    const [finance] = await db
      .update(users)
      .set({ pinHash: await hasher.hash(PIN), pinLockedAt: null })
      .where(eq(users.username, 'finance'))
      .returning({ id: users.id });
    return { approver_id: finance!.id, pin: PIN, device_id: `matrix-${randomUUID()}` };
  }
  const refund = async (outletId: string) => ({
    url: '/api/pos/refunds',
    headers: { 'idempotency-key': randomUUID() },
    payload: amountRefund((await env().sale(outletId)).id, 100, { approval: await approval() }),
  });
  return {
    'GET /api/pos/receipts': () => ({ url: `/api/pos/receipts?outlet_id=${env().kl}&q=1` }),
    [`GET /api/pos/receipts|${OTHER}`]: () => ({
      url: `/api/pos/receipts?outlet_id=${env().pg}&q=1`,
    }),
    'POST /api/pos/refunds': () => refund(env().kl),
    [`POST /api/pos/refunds|${OTHER}`]: () => refund(env().pg),
  };
}

export const posRefundMatrixAudits: Record<string, string> = {
  'POST /api/pos/refunds': 'refund.create refund',
};
