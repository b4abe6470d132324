import { voucherRefusals, type ServingMethod, type VoucherRefusal } from '@kopi/contract';
import { HttpError } from '../../lib/http/http-client';
import type { VoucherCheck, VoucherCheckInput } from './api';
import type { Cart } from './cart';
import { saleItems } from './payment';

// A voucher at the counter: the check's body is the cart as the sale would send it, so the
// discount the POS previews is the one the server gives; the server checks the code again when
// the sale arrives.

/** What the cashier typed or scanned, as codes are kept: trimmed and in capitals. */
export const normalizeVoucherCode = (typed: string) => typed.trim().toUpperCase();

/** The check of `code` against this cart, or null while there is nothing to check. */
export function voucherCheckInput(
  outletId: string | null,
  cart: Pick<Cart, 'lines' | 'customer'>,
  serving: ServingMethod | null,
  code: string | null,
): VoucherCheckInput | null {
  if (!outletId || !serving || !code || cart.lines.length === 0) return null;
  return {
    code,
    outlet_id: outletId,
    serving_method: serving,
    items: saleItems(cart),
    ...(cart.customer ? { customer_id: cart.customer.id } : {}),
  };
}

/** The check's body as text: the key its answer is cached under, and what waits for a pause. */
export const voucherCheckKey = (input: VoucherCheckInput | null) =>
  input ? JSON.stringify(input) : '';

/**
 * What a check found: the voucher applies, or it is refused with an error code
 * (`voucher_<reason>`, or `voucher_unknown` when no voucher has the code and so `check` is null).
 */
export type VoucherFinding =
  | { kind: 'applies'; check: VoucherCheck }
  | { kind: 'refused'; code: string; check: VoucherCheck | null };

const refusalCodes: ReadonlySet<string> = new Set(voucherRefusals.map((r) => `voucher_${r}`));

/** Whether the server refused a sale (or a check) for its voucher. */
export const isVoucherRefusal = (code: string | undefined): code is string =>
  code === 'voucher_unknown' || (code !== undefined && refusalCodes.has(code));

/** A check's answer as a finding. */
export function findingOf(check: VoucherCheck): VoucherFinding {
  if (check.ok) return { kind: 'applies', check };
  // A refusal always names its reason; "switched off" stands in should one come without.
  const reason: VoucherRefusal = check.reason ?? 'inactive';
  return { kind: 'refused', code: `voucher_${reason}`, check: { ...check, discount: 0 } };
}

/**
 * Checks a code: an unknown code is an answer (the cashier reads it), not a failure; anything
 * else that goes wrong is thrown on.
 */
export async function findVoucher(
  check: (body: VoucherCheckInput) => Promise<VoucherCheck>,
  input: VoucherCheckInput,
): Promise<VoucherFinding> {
  try {
    return findingOf(await check(input));
  } catch (error) {
    if (error instanceof HttpError && error.codeMessage === 'voucher_unknown') {
      return { kind: 'refused', code: 'voucher_unknown', check: null };
    }
    throw error;
  }
}

/**
 * The finding after the server refused the sale for its voucher (`code`): the voucher now counts
 * as refused for that reason, so it is neither priced nor sent until the cart changes.
 */
export function refusedFinding(previous: VoucherFinding | undefined, code: string): VoucherFinding {
  const check = code === 'voucher_unknown' ? null : (previous?.check ?? null);
  return { kind: 'refused', code, check: check && { ...check, ok: false, discount: 0 } };
}
