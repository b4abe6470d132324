import { type RefundStatus, refundSchema, refundStatuses, refundTransitions } from '@kopi/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode } from '../../test/expect-code';
import { createUser } from '../../test/fixtures';
import { demoTenantId, openDrawer } from '../../test/order-fixtures';
import {
  bank,
  cardOrder,
  moveRefund,
  movedRefund,
  paidOrder,
  refundOf,
} from '../../test/refund-fixtures';
import type { RequestHeaders } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';

// Every move of the refund machine needs its permission (DESIGN §4): approving, rejecting,
// completing and closing need approve-refund; the bank transfer's two steps need transfer-refund.
// For each move, a tenant-wide user holding every other refund permission is refused (403, the
// refund unmoved, the move not offered), and one holding it makes the move.

const NOON_KL = '2026-06-10T04:00:00Z';
let noApprove: RequestHeaders; // read-order, create-order, transfer-refund
let noTransfer: RequestHeaders; // read-order, create-order, approve-refund

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'RP-PLAIN', price: 1000 },
});
const { admin, cashier } = as;

beforeAll(async () => {
  const tenantId = await demoTenantId(t);
  const signedIn = async (username: string, permissions: string[]) => {
    await createUser(t, { username, tenantId, permissions });
    return t.bearer((await t.login(username)).token);
  };
  noApprove = await signedIn('refund-no-approve', [
    'read-order',
    'create-order',
    'transfer-refund',
  ]);
  noTransfer = await signedIn('refund-no-transfer', [
    'read-order',
    'create-order',
    'approve-refund',
  ]);
});
beforeEach(() => clock.set(NOON_KL));

/** Every move, the path (as admin) to its starting status, and the permission it needs. */
const moves: {
  from: RefundStatus;
  to: RefundStatus;
  path: RefundStatus[];
  transfer: boolean;
  needs: 'approve-refund' | 'transfer-refund';
}[] = [
  { from: 'PENDING', to: 'APPROVED', path: [], transfer: false, needs: 'approve-refund' },
  { from: 'PENDING', to: 'REJECTED', path: [], transfer: false, needs: 'approve-refund' },
  {
    from: 'APPROVED',
    to: 'COMPLETED',
    path: ['APPROVED'],
    transfer: false,
    needs: 'approve-refund',
  },
  {
    from: 'APPROVED',
    to: 'WAITING TRANSFER',
    path: ['APPROVED'],
    transfer: true,
    needs: 'transfer-refund',
  },
  {
    from: 'WAITING TRANSFER',
    to: 'TRANSFERED',
    path: ['APPROVED', 'WAITING TRANSFER'],
    transfer: true,
    needs: 'transfer-refund',
  },
  {
    from: 'TRANSFERED',
    to: 'COMPLETED',
    path: ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED'],
    transfer: true,
    needs: 'approve-refund',
  },
  {
    from: 'COMPLETED',
    to: 'CLOSED',
    path: ['APPROVED', 'COMPLETED'],
    transfer: false,
    needs: 'approve-refund',
  },
  {
    from: 'REJECTED',
    to: 'CLOSED',
    path: ['REJECTED'],
    transfer: false,
    needs: 'approve-refund',
  },
];

const to = (status: RefundStatus) => ({
  status,
  ...(status === 'REJECTED' ? { reason: 'Not our mistake' } : {}),
  ...(status === 'TRANSFERED' ? { transfer_reference: 'MBB-REF-0002' } : {}),
});

/** A card (or bank-transfer) refund asked for by the cashier, moved along `path` by admin. */
async function refundAt(path: RefundStatus[], transfer: boolean) {
  const o = await cardOrder(t, admin, refs.kl, refs.product, 1060);
  let refund = await refundOf(t, cashier, {
    order_id: o.id,
    kind: 'amount',
    amount: 500,
    method: transfer ? 'bank_transfer' : 'original',
    reason: 'quality_issue',
    ...(transfer ? { bank } : {}),
  });
  for (const status of path) refund = await movedRefund(t, admin, refund.id, to(status));
  return refund;
}

async function seenBy(headers: RequestHeaders, id: string) {
  const res = await api.get(`/api/refunds/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return refundSchema.parse(res.json().data);
}

describe('the permission each refund move needs', () => {
  it('lists every move of the machine (a refund is asked for PENDING, never moved there)', () => {
    const machine = refundStatuses
      .flatMap((from) => refundTransitions[from].map((next) => `${from}>${next}`))
      .filter((m) => m !== 'CREATED>PENDING');
    expect(moves.map((m) => `${m.from}>${m.to}`).sort()).toEqual(machine.sort());
  });

  for (const move of moves) {
    it(`refuses ${move.from} → ${move.to} without ${move.needs}, and makes it with it`, async () => {
      const refund = await refundAt(move.path, move.transfer);
      expect(refund.status).toBe(move.from);
      const [lacking, holding] =
        move.needs === 'approve-refund' ? [noApprove, noTransfer] : [noTransfer, noApprove];
      expect((await seenBy(lacking, refund.id)).allowed_statuses).not.toContain(move.to);
      expectCode(await moveRefund(t, lacking, refund.id, to(move.to)), 403, 'forbidden');
      expect((await seenBy(admin, refund.id)).status).toBe(move.from);
      expect((await seenBy(holding, refund.id)).allowed_statuses).toContain(move.to);
      expect((await movedRefund(t, holding, refund.id, to(move.to))).status).toBe(move.to);
    });
  }

  it('refuses the cashier completing a cash refund from their own open drawer', async () => {
    const o = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1060 }],
    });
    const refund = await refundOf(t, cashier, {
      order_id: o.id,
      kind: 'amount',
      amount: 500,
      method: 'cash',
      reason: 'quality_issue',
    });
    await movedRefund(t, admin, refund.id, to('APPROVED'));
    // With a drawer to pay from, only the missing approve-refund stands in the way.
    await openDrawer(t, 'cashier', refs.kl);
    expectCode(await moveRefund(t, cashier, refund.id, to('COMPLETED')), 403, 'forbidden');
    expect((await seenBy(admin, refund.id)).status).toBe('APPROVED');
    await openDrawer(t, 'admin', refs.kl);
    expect((await movedRefund(t, admin, refund.id, to('COMPLETED'))).status).toBe('COMPLETED');
  });
});
