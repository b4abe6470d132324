import { refundSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema/refunds';
import type { RequestContext } from '../../lib/request-context';
import { payWithSandbox, placeOrder, verifiedCustomer } from '../../test/mobile-fixtures';
import {
  cashAndCardOrder,
  movedRefund,
  paidOrder,
  refundMovesOf,
} from '../../test/refund-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import { createShiftService } from '../shifts/shifts.service';
import { createRefundService } from './refunds.service';
import { refundsPaidByHand, standaloneApprovals } from '../../test/standalone-services';

// The refunds a paid order is owed once it is rejected or cancelled: asked for automatically, by
// the way it was paid, exactly once however often the rejection is reported.

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'finance'],
  product: { sku: 'OWED-1', price: 1000 },
});
const { admin, finance } = as;

/** The system asking (a customer's cancel has no staff user). */
const system: RequestContext = {
  principal: null,
  ip: '127.0.0.1',
  userAgent: null,
  requestId: 'test',
};
const service = () =>
  createRefundService({
    db: t.database.db,
    now: clock.now,
    dataDir: t.config.dataDir,
    payouts: refundsPaidByHand,
    drawers: createShiftService({
      db: t.database.db,
      now: clock.now,
      approvals: standaloneApprovals(t, clock.now),
    }),
  });

describe('refundOwed', () => {
  it('asks once for the full refund by the original payment and once in cash, however often called', async () => {
    const o = await cashAndCardOrder(t, admin, refs.kl, refs.product, 'OWED');
    const first = await service().refundOwed(system, refs.tenantId, o.id, 'Customer (app)');
    const again = await Promise.all(
      [1, 2, 3].map(() => service().refundOwed(system, refs.tenantId, o.id, 'Customer (app)')),
    );
    for (const ids of again) expect(ids).toEqual(first);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(
      rows.map((r) => [r.method, r.paymentMethod, r.amount, r.status, r.reason]).sort(),
    ).toEqual([
      ['cash', 'cash', 500, 'PENDING', 'order_cancelled'],
      ['original', 'card', 560, 'PENDING', 'order_cancelled'],
    ]);
    const refund = refundSchema.parse(
      (await api.get(`/api/refunds/${first[0]}`, finance)).json().data,
    );
    expect(refund).toMatchObject({
      requested_by: 'Customer (app)',
      allowed_statuses: ['APPROVED', 'REJECTED'],
    });
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
  });

  it('asks for nothing when nothing remains to give back', async () => {
    const o = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'OWED-2' }],
    });
    const [owed] = await service().refundOwed(system, refs.tenantId, o.id, 'Customer (app)');
    await movedRefund(t, finance, owed!, { status: 'APPROVED' });
    await movedRefund(t, finance, owed!, { status: 'COMPLETED' });
    // Asked again after it completed: the same refund, never a second.
    expect(await service().refundOwed(system, refs.tenantId, o.id, 'Customer (app)')).toEqual([
      owed,
    ]);
    const other = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'OWED-3' }],
    });
    const asked = await api.post(
      '/api/refunds',
      { order_id: other.id, kind: 'full', method: 'original', reason: 'wrong_item' },
      { ...admin, 'idempotency-key': 'owed-full-3' },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await service().refundOwed(system, refs.tenantId, other.id, 'Customer (app)')).toEqual(
      [],
    );
    expect(
      await service().refundOwed(
        system,
        refs.tenantId,
        '00000000-0000-4000-8000-000000000000',
        'x',
      ),
    ).toEqual([]);
  });
});

describe('a rejected or cancelled paid order', () => {
  const refundsOf = (orderId: string) =>
    t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

  it('asks for its refund when the staff reject it, and only when it was paid', async () => {
    const o = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'REJ-1' }],
    });
    const rejected = await api.post(
      `/api/orders/${o.id}/status`,
      { status: 'REJECTED', reason: 'Out of milk' },
      admin,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await refundsOf(o.id)).map((r) => [r.method, r.amount, r.status])).toEqual([
      ['original', 1060, 'PENDING'],
    ]);
    const again = await api.post(
      `/api/orders/${o.id}/status`,
      { status: 'REJECTED', reason: 'again' },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(o.id)).toHaveLength(1);
  });

  it('pays back through the sandbox what the customer paid before cancelling, and asks nothing of an unpaid order', async () => {
    const customer = await verifiedCustomer(t, { name: 'Owed Customer' });
    const order = async () => {
      const res = await placeOrder(t, customer.headers, {
        outlet_id: refs.kl,
        items: [{ product_id: refs.product, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; total: number };
    };
    const paid = await order();
    await payWithSandbox(t, customer.headers, paid.id);
    const unpaid = await order();
    for (const o of [paid, unpaid]) {
      const res = await api.post(`/api/mobile/orders/${o.id}/cancel`, {}, customer.headers);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Approved on the spot and completed by the sandbox's callback, posted to this server.
    await expect
      .poll(async () =>
        (await refundsOf(paid.id)).map((r) => [
          r.method,
          r.amount,
          r.status,
          r.requestedByName,
          r.approvedByName,
          r.providerPayout,
        ]),
      )
      .toEqual([
        ['original', paid.total, 'COMPLETED', 'Owed Customer', 'Automatic refund', 'succeeded'],
      ]);
    const [owed] = await refundsOf(paid.id);
    const moves = await refundMovesOf(t, owed!.id);
    expect(moves.map((m) => [m.toStatus, m.reason, m.reasonCode, m.reasonParams])).toEqual([
      ['PENDING', null, null, null],
      ['APPROVED', null, 'paid_back_by_provider', {}],
      ['COMPLETED', null, null, null],
    ]);
    expect(await refundsOf(unpaid.id)).toHaveLength(0);
  });
});
