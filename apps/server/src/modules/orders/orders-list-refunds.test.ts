import { orderFileColumns, type OrderSummary, orderSummarySchema } from '@kopi/contract';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardOrder, movedRefund, refundOf } from '../../test/refund-fixtures';
import { useSaleApp } from '../../test/use-sale-app';

// What the order list and its CSV say an order got back: the sum of its completed refunds beside
// what was paid, so a fully or partly refunded sale is told apart without opening it. A refund
// still on its way counts for nothing yet.

// refs.product: RM 10.00 → 10.60 with SST
const orderNos: Record<'partly' | 'fully' | 'pending' | 'none', string> = {
  partly: '',
  fully: '',
  pending: '',
  none: '',
};

const { t, api, as, refs } = useSaleApp({
  signIn: ['admin', 'cashier', 'finance'],
  api: 'admin',
  product: { sku: 'LIST-REFUND', price: 1000 },
});
// The cashier asks; finance (never the one who asked) approves and completes.
const { admin, cashier, finance } = as;

beforeAll(async () => {
  const sale = () => cardOrder(t, admin, refs.kl, refs.product, 1060);
  const ask = async (orderId: string, body: Record<string, unknown>) =>
    refundOf(t, cashier, {
      order_id: orderId,
      method: 'original',
      reason: 'quality_issue',
      ...body,
    });
  const complete = async (refundId: string) => {
    await movedRefund(t, finance, refundId, { status: 'APPROVED' });
    await movedRefund(t, finance, refundId, { status: 'COMPLETED' });
  };

  const partly = await sale();
  await complete((await ask(partly.id, { kind: 'amount', amount: 300 })).id);
  const fully = await sale();
  await complete((await ask(fully.id, { kind: 'full' })).id);
  const pending = await sale();
  await ask(pending.id, { kind: 'amount', amount: 500 });
  const none = await sale();
  Object.assign(orderNos, {
    partly: partly.order_no,
    fully: fully.order_no,
    pending: pending.order_no,
    none: none.order_no,
  });
});

describe('refunds in the order list', () => {
  it('answers each order’s paid and completed refunds in GET /api/orders', async () => {
    const res = await api.get(`/api/orders?outlet=${refs.kl}&page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data as unknown[]).map((o) => orderSummarySchema.strict().parse(o));
    const byNo = (no: string) => rows.find((o: OrderSummary) => o.order_no === no);
    expect(byNo(orderNos.partly)).toMatchObject({ paid: 1060, refunded: 300 });
    expect(byNo(orderNos.fully)).toMatchObject({ paid: 1060, refunded: 1060 });
    expect(byNo(orderNos.pending)).toMatchObject({ paid: 1060, refunded: 0 });
    expect(byNo(orderNos.none)).toMatchObject({ paid: 1060, refunded: 0 });
  });

  it('writes the paid and refunded columns of the CSV export in ringgit', async () => {
    const res = await api.get(`/api/orders/export?outlet=${refs.kl}&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = parse(res.body, { bom: true }) as string[][];
    const cell = (no: string, column: (typeof orderFileColumns)[number]) =>
      rows.find((r) => r[0] === no)?.[orderFileColumns.indexOf(column)];
    expect(orderFileColumns[0]).toBe('order_no');
    expect(cell(orderNos.partly, 'refunded')).toBe('3.00');
    expect(cell(orderNos.fully, 'refunded')).toBe('10.60');
    expect(cell(orderNos.pending, 'refunded')).toBe('0.00');
    expect(cell(orderNos.none, 'refunded')).toBe('0.00');
    expect(cell(orderNos.partly, 'paid')).toBe('10.60');
  });
});
