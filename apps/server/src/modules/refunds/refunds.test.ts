import { type Refund, refundableSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { idempotencyKeys } from '../../db/schema/platform';
import { outlets, tenants } from '../../db/schema/tenancy';
import { expectCode, detailPaths } from '../../test/expect-code';
import { addProduct } from '../../test/order-fixtures';
import {
  amountRefund,
  askRefund,
  bank,
  cardOrder,
  cashAndCardOrder,
  itemsRefund,
  movedRefund,
  paidOrder,
  refundOf,
} from '../../test/refund-fixtures';
import { anonymous, engine } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf } from '../../test/fixtures';

// Refunds: asking, the review with separation of duties and the manager's limit, paying out,
// and never more refunded than paid.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: RM 10.00 → 10.60 with SST
let big: string; // RM 60.00 → 63.60

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier', 'finance'],
  product: { sku: 'RF-PLAIN', price: 1000 },
});
const { admin, cashier, finance } = as;
beforeAll(async () => {
  big = (await addProduct(t, { sku: 'RF-BIG', price: 6000 })).id;
});
beforeEach(() => clock.set(NOON_KL));

const order = (outletId = refs.kl, amount = 1060, productId = refs.product) =>
  cardOrder(t, admin, outletId, productId, amount);

/** Three of the product and one of the big one (RM 95.40), paid by card. */
const twoLineOrder = (cardReference: string) =>
  paidOrder(t, admin, {
    outlet_id: refs.kl,
    items: [
      { product_id: refs.product, quantity: 3 },
      { product_id: big, quantity: 1 },
    ],
    payments: [{ method: 'card', amount: 9540, reference: cardReference }],
  });

describe('asking for a refund', () => {
  it('refunds items by their share of what was paid, lands PENDING, numbered and audited', async () => {
    const o = await twoLineOrder('C-1');
    const before = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, cashier)).json().data,
    );
    expect(before).toMatchObject({ paid: 9540, refunded: 0, remaining: 9540 });
    expect(before.by_method).toEqual([{ method: 'card', paid: 9540, remaining: 9540 }]);
    expect(before.items.map((i) => [i.quantity, i.refundable_quantity, i.unit_amount])).toEqual([
      [3, 3, 1060],
      [1, 1, 6360],
    ]);
    const refund = await refundOf(t, cashier, itemsRefund(o.id, o.items[0]!.id, 2));
    expect(refund).toMatchObject({
      status: 'PENDING',
      amount: 2120,
      payment_method: 'card',
      requested_by: 'Siti Nurhaliza',
      business_date: null,
      allowed_statuses: [],
    });
    expect(refund.refund_no).toMatch(/^RF-KL01-\d{6}$/);
    expect(refund.items).toEqual([
      {
        order_item_id: o.items[0]!.id,
        name: 'Test RF-PLAIN',
        name_my: null,
        quantity: 2,
        amount: 2120,
      },
    ]);
    expect(refund.history).toEqual([
      {
        from: 'CREATED',
        to: 'PENDING',
        at: NOON_KL.replace('Z', '.000Z'),
        by: 'Siti Nurhaliza',
        reason: null,
        reason_code: null,
        reason_params: null,
      },
    ]);
    const after = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, cashier)).json().data,
    );
    expect(after).toMatchObject({ refunded: 2120, remaining: 7420 });
    expect(after.items[0]).toMatchObject({ refundable_quantity: 1, unit_amount: 1060 });
    const [entry] = await auditsOf(t, 'refund.create', refund.id);
    expect(entry?.after).toMatchObject({ amount: 2120, refund_no: refund.refund_no });
  });

  it("prints its slip's header from the business and the refund's outlet as they are now", async () => {
    await t.database.db
      .update(tenants)
      .set({
        legalName: 'Kedai Kopi Ujian Sdn. Bhd.',
        brn: '202301099999',
        sstRegistrationNo: 'W10-0000-32000999',
        tin: null,
      })
      .where(eq(tenants.id, refs.tenantId));
    await t.database.db
      .update(outlets)
      .set({ address: '1 Jalan Ujian, 50000 Kuala Lumpur', phone: '03-1111 2222' })
      .where(eq(outlets.id, refs.kl));
    const refund = await refundOf(t, cashier, amountRefund((await order()).id, 500));
    const read = (await api.get(`/api/refunds/${refund.id}`, finance)).json().data as Refund;
    const [tenant] = await t.database.db
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, refs.tenantId));
    expect(read.business).toEqual({
      business_name: tenant!.name,
      legal_name: 'Kedai Kopi Ujian Sdn. Bhd.',
      sst_registration_no: 'W10-0000-32000999',
      tin: null,
      brn: '202301099999',
      outlet_code: 'KL01',
      outlet_address: '1 Jalan Ujian, 50000 Kuala Lumpur',
      outlet_phone: '03-1111 2222',
    });
  });

  it('numbers refunds per outlet from a counter', async () => {
    const first = await refundOf(t, cashier, amountRefund((await order()).id, 100));
    const second = await refundOf(t, cashier, amountRefund((await order()).id, 100));
    const n = (r: Refund) => Number(r.refund_no.slice(-6));
    expect(n(second)).toBe(n(first) + 1);
  });

  it('refunds the whole remaining amount by the original method', async () => {
    const o = await order();
    await refundOf(t, cashier, amountRefund(o.id, 60));
    const full = await refundOf(t, cashier, {
      ...amountRefund(o.id, 1),
      kind: 'full',
      amount: undefined,
    });
    expect(full.amount).toBe(1000);
  });

  it('answers 401 without a session, 403 without create-order, 400 for a bad body or no key', async () => {
    const o = await order();
    expectCode(await askRefund(t, anonymous, amountRefund(o.id, 100)), 401, 'unauthorized');
    expectCode(await askRefund(t, finance, amountRefund(o.id, 100)), 403, 'forbidden');
    const bad = await askRefund(t, cashier, amountRefund(o.id, 100, { reason: 'other' }));
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(['reason_note']);
    const noBank = await askRefund(
      t,
      cashier,
      amountRefund(o.id, 100, { method: 'bank_transfer' }),
    );
    expect(detailPaths(noBank)).toEqual(['bank']);
    const noKey = await api.post('/api/refunds', amountRefund(o.id, 100), cashier);
    expectCode(noKey, 400, 'idempotency_key_required');
    const unknownItem = await askRefund(t, cashier, {
      ...amountRefund(o.id, 1),
      kind: 'items',
      items: [{ order_item_id: o.id, quantity: 1 }],
    });
    expectCode(unknownItem, 400, 'refund_item_unknown');
  });

  it('answers the first refund again to a retry with the same key', async () => {
    const o = await order();
    const body = amountRefund(o.id, 100);
    const first = await askRefund(t, cashier, body, 'rf-retry-1');
    const again = await askRefund(t, cashier, body, 'rf-retry-1');
    expect(again.json().data.id).toBe(first.json().data.id);
    const refundable = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, admin)).json().data,
    );
    expect(refundable.refunded).toBe(100);
  });

  it('answers the refund its key made when the stored answer was lost, to its requester only', async () => {
    const o = await order();
    const body = amountRefund(o.id, 100);
    const first = await askRefund(t, cashier, body, 'rf-lost-1');
    expect(first.statusCode, first.body).toBe(201);
    await t.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'rf-lost-1'));
    const again = await askRefund(t, cashier, body, 'rf-lost-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    // Another user's equal key is theirs (decision 050): a refund of its own.
    const others = await askRefund(t, admin, body, 'rf-lost-1');
    expect(others.statusCode, others.body).toBe(201);
    expect(others.json().data.id).not.toBe(first.json().data.id);
    const refundable = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, admin)).json().data,
    );
    expect(refundable.refunded).toBe(200);
  });
});

describe('never more refunded than paid', () => {
  it('refuses an amount above what remains, and a second full refund', async () => {
    const o = await order();
    expectCode(await askRefund(t, cashier, amountRefund(o.id, 1061)), 409, 'refund_exceeds_paid');
    await refundOf(t, cashier, { ...amountRefund(o.id, 1), kind: 'full', amount: undefined });
    expectCode(
      await askRefund(t, cashier, { ...amountRefund(o.id, 1), kind: 'full', amount: undefined }),
      409,
      'refund_exceeds_paid',
    );
    expectCode(await askRefund(t, cashier, amountRefund(o.id, 1)), 409, 'refund_exceeds_paid');
  });

  it('refuses more units than the line has left', async () => {
    const o = await order();
    const items = (quantity: number) => ({
      ...amountRefund(o.id, 1),
      kind: 'items',
      items: [{ order_item_id: o.items[0]!.id, quantity }],
    });
    expectCode(await askRefund(t, cashier, items(2)), 409, 'refund_exceeds_paid');
    await refundOf(t, cashier, items(1));
    expectCode(await askRefund(t, cashier, items(1)), 409, 'refund_exceeds_paid');
  });

  it('counts the units refunded before, completed or in flight, and passes exactly what is left', async () => {
    // Two lines, so the order still has money left when a line has no units left.
    const o = await twoLineOrder('C-2');
    const units = (quantity: number) => ({
      ...amountRefund(o.id, 1),
      kind: 'items',
      items: [{ order_item_id: o.items[0]!.id, quantity }],
    });
    const first = await refundOf(t, cashier, units(1));
    await movedRefund(t, finance, first.id, { status: 'APPROVED' });
    await movedRefund(t, finance, first.id, { status: 'COMPLETED' });
    // 3 sold, 1 refunded: 2 left.
    const over = expectCode(await askRefund(t, cashier, units(3)), 409, 'refund_exceeds_paid');
    expect(over.message).toBe('Only 2 of Test RF-PLAIN can still be refunded');
    expect((await refundOf(t, cashier, units(2))).amount).toBe(2 * 1060);
    // The one in flight counts too: none left.
    const again = expectCode(await askRefund(t, cashier, units(1)), 409, 'refund_exceeds_paid');
    expect(again.message).toBe('Only 0 of Test RF-PLAIN can still be refunded');
    const left = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, cashier)).json().data,
    );
    expect(left.items.map((i) => [i.quantity, i.refundable_quantity])).toEqual([
      [3, 0],
      [1, 1],
    ]);
  });

  it('frees what a rejected refund held', async () => {
    const o = await order();
    const r = await refundOf(t, cashier, amountRefund(o.id, 1060));
    await movedRefund(t, finance, r.id, { status: 'REJECTED', reason: 'Not our mistake' });
    await movedRefund(t, finance, r.id, { status: 'CLOSED' });
    await refundOf(t, cashier, amountRefund(o.id, 1060));
  });

  it('keeps each payment method to what it paid; a bank transfer counts against the total', async () => {
    const o = await cashAndCardOrder(t, admin, refs.kl, refs.product, 'C-2');
    expectCode(
      await askRefund(t, cashier, amountRefund(o.id, 501, { method: 'cash' })),
      409,
      'refund_exceeds_paid',
    );
    expectCode(await askRefund(t, cashier, amountRefund(o.id, 561)), 409, 'refund_exceeds_paid');
    const card = await refundOf(t, cashier, amountRefund(o.id, 560));
    expect(card.payment_method).toBe('card');
    expectCode(await askRefund(t, cashier, amountRefund(o.id, 1)), 409, 'refund_exceeds_paid');
    const transfer = await refundOf(
      t,
      cashier,
      amountRefund(o.id, 400, { method: 'bank_transfer', bank }),
    );
    expect(transfer.payment_method).toBeNull();
    // 100 remains in total, so cash (paid 500) may take only that.
    expectCode(
      await askRefund(t, cashier, amountRefund(o.id, 101, { method: 'cash' })),
      409,
      'refund_exceeds_paid',
    );
    const cash = await refundOf(t, cashier, amountRefund(o.id, 100, { method: 'cash' }));
    expect(cash.payment_method).toBe('cash');
    const card2 = await order();
    expectCode(
      await askRefund(t, cashier, amountRefund(card2.id, 100, { method: 'cash' })),
      400,
      'refund_method_unavailable',
    );
  });

  it('refuses an order with nothing paid', async () => {
    const o = await order();
    await t.database.db.update(orders).set({ paid: 0 }).where(eq(orders.id, o.id));
    expectCode(await askRefund(t, cashier, amountRefund(o.id, 1)), 409, 'refund_order_not_paid');
  });

  it('lets exactly as many of ten parallel requests through as the order can pay back', async () => {
    const o = await order();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => askRefund(t, cashier, amountRefund(o.id, 300))),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    const refundable = refundableSchema.parse(
      (await api.get(`/api/orders/${o.id}/refundable`, admin)).json().data,
    );
    expect(refundable).toMatchObject({ refunded: 900, remaining: 160 });
    // The engine is named so a PostgreSQL run (real parallel transactions) is visible in the log.
    expect(['pglite', 'postgres']).toContain(engine);
  });
});
