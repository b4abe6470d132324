import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { voucherRedemptions, vouchers } from '../db/schema/vouchers';
import { addProduct, demoTenantId, ensureShift } from './order-fixtures';
import type { TestApp } from './test-app';

// Vouchers as the back office writes them (POST /api/vouchers), for the vouchers module's tests.

let counter = 0;

/** A valid 10%-off shared-code voucher; `overrides` change any field. */
export const voucherBody = (overrides: Record<string, unknown> = {}) => ({
  name_en: `Voucher ${++counter}`,
  name_my: 'Baucar',
  code_kind: 'shared',
  code: `SAVE${counter}${Date.now() % 100_000}`,
  type: 'percent',
  value: 1000,
  valid_from: '2026-01-01T00:00:00+08:00',
  ...overrides,
});

/** A voucher of unique codes (generated later). */
export const uniqueVoucherBody = (overrides: Record<string, unknown> = {}) =>
  voucherBody({ code_kind: 'unique', code: null, ...overrides });

/**
 * A redemption of the voucher by a fresh counter sale at `outletId`, written as the order core
 * writes one (the row and the voucher's count), so the back office sees a used voucher.
 */
export async function redeemOnce(t: TestApp, voucherId: string, outletId: string) {
  const product = await addProduct(t, { sku: `VR-${randomUUID().slice(0, 8)}`, price: 1000 });
  await ensureShift(t, outletId);
  const admin = t.bearer((await t.login('admin')).token);
  const res = await t.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...admin, 'idempotency-key': randomUUID() },
    payload: {
      outlet_id: outletId,
      serving_method: 'pick_up',
      items: [{ product_id: product.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: `VR-${++counter}` }],
      allow_outside_hours: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sale failed: ${res.body}`);
  const order = res.json().data as { id: string };
  const tenantId = await demoTenantId(t);
  await t.database.db.transaction(async (tx) => {
    await tx.insert(voucherRedemptions).values({
      tenantId,
      voucherId,
      code: 'TEST',
      orderId: order.id,
      outletId,
      source: 'pos',
      discount: 100,
      businessDate: '2026-06-01',
      redeemedAt: new Date(),
    });
    await tx
      .update(vouchers)
      .set({ redeemedCount: sql`${vouchers.redeemedCount} + 1` })
      .where(eq(vouchers.id, voucherId));
  });
  return order.id;
}
