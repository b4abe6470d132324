import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { voucherCodes, vouchers } from '../db/schema/vouchers';
import { addProduct, ensureShift } from './order-fixtures';
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
 * A redemption of the voucher by a fresh counter sale at `outletId`, made as the POS makes one:
 * POST /api/orders with the voucher's code (its shared code, or a unique code not yet used), so
 * the order core locks, applies and records it. The sale is paid by card for exactly its total:
 * RM 10.00 less the discount the POS's preview answers, with 6% SST (pick up, no service charge).
 */
export async function redeemOnce(
  t: TestApp,
  voucherId: string,
  outletId: string,
  customerId?: string,
) {
  const PRICE = 1000;
  const product = await addProduct(t, { sku: `VR-${randomUUID().slice(0, 8)}`, price: PRICE });
  await ensureShift(t, outletId);
  const admin = t.bearer((await t.login('admin')).token);
  const code = await unusedCode(t, voucherId);
  const cart = {
    outlet_id: outletId,
    serving_method: 'pick_up',
    items: [{ product_id: product.id, quantity: 1 }],
    ...(customerId ? { customer_id: customerId } : {}),
  };
  const check = await t.inject({
    method: 'POST',
    url: '/api/vouchers/check',
    headers: admin,
    payload: { ...cart, code },
  });
  const preview = check.json().data as { ok: boolean; discount: number } | undefined;
  if (check.statusCode !== 200 || !preview?.ok) throw new Error(`voucher refused: ${check.body}`);
  const res = await t.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...admin, 'idempotency-key': randomUUID() },
    payload: {
      ...cart,
      voucher_code: code,
      payments: [
        {
          method: 'card',
          amount: Math.round((PRICE - preview.discount) * 1.06),
          reference: `VR-${++counter}`,
        },
      ],
      allow_outside_hours: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sale failed: ${res.body}`);
  return (res.json().data as { id: string }).id;
}

/** The voucher's shared code, or one of its unique codes not yet used. */
async function unusedCode(t: TestApp, voucherId: string) {
  const db = t.database.db;
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (voucher?.code) return voucher.code;
  const [unused] = await db
    .select({ code: voucherCodes.code })
    .from(voucherCodes)
    .where(and(eq(voucherCodes.voucherId, voucherId), isNull(voucherCodes.redeemedAt)))
    .orderBy(asc(voucherCodes.code))
    .limit(1);
  if (!unused) throw new Error(`voucher ${voucherId} has no code left to redeem`);
  return unused.code;
}
