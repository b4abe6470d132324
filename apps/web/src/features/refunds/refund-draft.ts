import {
  messageKey,
  parseMessageKey,
  refundCreateSchema,
  type BankCode,
  type Refundable,
  type RefundCreate,
  type RefundKind,
  type RefundMethod,
  type RefundReason,
} from '@kopi/contract';

// The "Refund" dialog's form as plain data: what the user chose, the request it makes, and what
// is wrong with it (the contract's rules plus "never more than remains refundable").

export interface RefundDraft {
  kind: RefundKind;
  /** Quantity to refund per order item id (items kind). */
  quantities: Record<string, number>;
  /** Sen (amount kind); null while empty. */
  amount: number | null;
  method: RefundMethod;
  bankCode: BankCode | '';
  accountHolder: string;
  accountNumber: string;
  reason: RefundReason | '';
  note: string;
}

export const emptyDraft: RefundDraft = {
  kind: 'full',
  quantities: {},
  amount: null,
  method: 'original',
  bankCode: '',
  accountHolder: '',
  accountNumber: '',
  reason: '',
  note: '',
};

/** What the draft refunds, in sen: the chosen items, what remains, or the amount typed. */
export function draftAmount(draft: RefundDraft, refundable: Refundable): number {
  if (draft.kind === 'full') return refundable.remaining;
  if (draft.kind === 'amount') return draft.amount ?? 0;
  return refundable.items.reduce(
    (sum, item) => sum + (draft.quantities[item.order_item_id] ?? 0) * item.unit_amount,
    0,
  );
}

/** The body of POST /api/refunds the draft describes (not yet checked). */
export function draftBody(orderId: string, draft: RefundDraft): Record<string, unknown> {
  const note = draft.note.trim();
  return {
    order_id: orderId,
    kind: draft.kind,
    ...(draft.kind === 'items' && {
      items: Object.entries(draft.quantities)
        .filter(([, quantity]) => quantity > 0)
        .map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
    }),
    ...(draft.kind === 'amount' && draft.amount !== null && { amount: draft.amount }),
    method: draft.method,
    reason: draft.reason || undefined,
    ...(note && { reason_note: note }),
    ...(draft.method === 'bank_transfer' && {
      bank: {
        bank_code: draft.bankCode || undefined,
        account_holder: draft.accountHolder,
        account_number: draft.accountNumber,
      },
    }),
  };
}

/** Which field a problem is about: "items", "amount", "bank.account_number", "reason"… */
export type DraftErrors = Partial<Record<string, string>>;

export type DraftCheck =
  { ok: true; body: RefundCreate; errors: DraftErrors } | { ok: false; errors: DraftErrors };

/**
 * Checks the draft with the contract's schema; every problem is a validation message key
 * ("validation.required") the dialog translates, or `too_high` for an amount above what remains.
 */
export function checkDraft(
  orderId: string,
  draft: RefundDraft,
  refundable: Refundable,
): DraftCheck {
  const parsed = refundCreateSchema.safeParse(draftBody(orderId, draft));
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      // Enum and type refusals carry zod's own words: to the user they are a missing choice.
      errors[field] ??= parseMessageKey(issue.message) ? issue.message : messageKey('required');
    }
  }
  if (draft.kind !== 'full' && draftAmount(draft, refundable) > refundable.remaining) {
    errors[draft.kind] ??= 'too_high';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data, errors };
}
