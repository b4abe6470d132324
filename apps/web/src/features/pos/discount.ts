import {
  type ManualDiscountInput,
  manualDiscountAsked,
  manualDiscountInputSchema,
  manualDiscountLimit,
} from '@kopi/contract';

// The manual discount dialog's rules: the contract's schema and arithmetic, so what the dialog
// lets through is what the server accepts (it refuses more than the tenant's maximum).

export interface DiscountDraft {
  kind: ManualDiscountInput['kind'];
  /** Sen for an amount, basis points for a percentage; null while nothing is typed. */
  value: number | null;
  /** null until the cashier picks one: no reason is assumed. */
  reason: ManualDiscountInput['reason'] | null;
  note: string;
}

export type DiscountProblem = 'value' | 'reason' | 'note' | 'over';

export interface DiscountCheck {
  /** What the discount takes off this subtotal, in sen. */
  amount: number;
  /** The most the tenant allows off this subtotal, in sen. */
  limit: number;
  /** The first thing that stops it, or null. */
  problem: DiscountProblem | null;
  /** The discount to send, when there is no problem. */
  input: ManualDiscountInput | null;
}

export function discountDraftCheck(
  draft: DiscountDraft,
  subtotal: number,
  maxBp: number,
): DiscountCheck {
  const limit = manualDiscountLimit(subtotal, maxBp);
  const parsed = manualDiscountInputSchema.safeParse({
    kind: draft.kind,
    value: draft.value,
    reason: draft.reason,
    note: draft.note.trim() || undefined,
  });
  const amount =
    draft.value !== null && draft.value > 0
      ? manualDiscountAsked({ kind: draft.kind, value: draft.value }, subtotal)
      : 0;
  // Too much is said as it is typed, whatever else is still missing.
  if (amount > limit) return { amount, limit, problem: 'over', input: null };
  if (!parsed.success) {
    const on = (field: string) => parsed.error.issues.some((i) => i.path[0] === field);
    const problem = on('value') ? 'value' : on('reason') ? 'reason' : on('note') ? 'note' : 'value';
    return { amount, limit, problem, input: null };
  }
  return { amount, limit, problem: null, input: parsed.data };
}
