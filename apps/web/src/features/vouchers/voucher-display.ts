import type { Voucher, VoucherState } from '@kopi/contract';
import { moneyFallback as ringgit } from '../../lib/formatters';
import { bpToPercentText } from '../../lib/percent';

// How a voucher reads on the list: where it stands now, and what it takes off.

/** Switched off, not started yet, past its end, or running (the list's `state` filter). */
export function voucherStateOf(
  v: Pick<Voucher, 'status' | 'valid_from' | 'valid_until'>,
  now = new Date(),
): VoucherState {
  if (v.status === 'inactive') return 'inactive';
  if (Date.parse(v.valid_from) > now.getTime()) return 'scheduled';
  if (v.valid_until && Date.parse(v.valid_until) <= now.getTime()) return 'expired';
  return 'active';
}

/** The parts of a voucher's value the list's words are built from. */
export type ValueParts =
  | { kind: 'percent'; percent: string; cap: string | null }
  | { kind: 'fixed'; amount: string }
  | { kind: 'free_item'; itemKind: 'product' | 'category'; id: string | null };

export function valueParts(
  v: Pick<Voucher, 'type' | 'value' | 'max_discount' | 'free_item_kind' | 'free_item_id'>,
): ValueParts {
  if (v.type === 'percent') {
    return {
      kind: 'percent',
      percent: bpToPercentText(v.value),
      cap: v.max_discount == null ? null : ringgit(v.max_discount),
    };
  }
  if (v.type === 'fixed') return { kind: 'fixed', amount: ringgit(v.value) };
  return { kind: 'free_item', itemKind: v.free_item_kind ?? 'product', id: v.free_item_id };
}
