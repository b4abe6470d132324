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
  reason: ManualDiscountInput['reason'];
  note: string;
}

export type DiscountProblem = 'value' | 'note' | 'over';

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
  if (!parsed.success) {
    const onNote = parsed.error.issues.some((i) => i.path[0] === 'note');
    const onValue = parsed.error.issues.some((i) => i.path[0] === 'value');
    return { amount, limit, problem: onValue ? 'value' : onNote ? 'note' : 'value', input: null };
  }
  if (amount > limit) return { amount, limit, problem: 'over', input: null };
  return { amount, limit, problem: null, input: parsed.data };
}
