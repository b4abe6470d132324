import { useLayoutEffect, useRef } from 'react';
import type { ApprovalInput, ErrorCode, Order, OrderCreate } from '@kopi/contract';
import { useApproval } from '../../components/approval/use-approval';
import { HttpError } from '../../lib/http/http-client';

// A manual discount given by someone without `discount-order` goes with a manager's PIN, typed on
// the cashier's screen before the sale is sent (decision 055). Only the PIN's own refusals (wrong,
// wait, locked, one's own) keep the PIN dialog open; any other answer closes it and is handled as
// any sale's answer is.
//
// Keys: the server keeps a refused PIN's answer with the sale's key and body, and answers another
// body under that key with 422, so a refused PIN drops the key and the next PIN goes with a new
// one (nothing was recorded under the old). A sale whose answer never came keeps its key and is
// sent again with the very approval it carried, without asking again: the same request, which the
// server records once.

/** How one press of Confirm ended. */
export type SaleOutcome =
  | { kind: 'recorded'; order: Order }
  | { kind: 'failed'; error: unknown }
  /** The PIN dialog was cancelled: nothing was sent, the cart and payment stay. */
  | { kind: 'cancelled' };

/** The server refused the approval itself, not the sale: the manager may type the PIN again. */
const pinRefusals: ReadonlySet<string> = new Set<ErrorCode>([
  'approval_required',
  'approval_self',
  'approver_not_allowed',
  'pin_wrong',
  'pin_throttled',
  'pin_locked',
  'pin_not_set',
]);

export const isPinRefusal = (error: unknown) =>
  error instanceof HttpError && pinRefusals.has(error.codeMessage ?? '');

export function useSaleApproval({
  saleKey,
  dropSaleKey,
  hasPendingSale,
}: {
  saleKey: () => string;
  dropSaleKey: () => void;
  hasPendingSale: boolean;
}) {
  const { withApproval, dialog } = useApproval();
  // The approval the unanswered sale under `key` carried.
  const sentWith = useRef<{ key: string; approval: ApprovalInput } | null>(null);
  // The PIN dialog calls back after renders: it takes the cart's key as it is then.
  const keys = useRef({ saleKey, dropSaleKey });
  useLayoutEffect(() => {
    keys.current = { saleKey, dropSaleKey };
  });

  const attemptWith = async (
    body: OrderCreate,
    approval: ApprovalInput | undefined,
    attempt: (body: OrderCreate, key: string) => Promise<Order>,
  ): Promise<SaleOutcome> => {
    const key = keys.current.saleKey();
    sentWith.current = approval ? { key, approval } : null;
    try {
      const order = await attempt(approval ? { ...body, approval } : body, key);
      sentWith.current = null;
      return { kind: 'recorded', order };
    } catch (error) {
      if (!approval || !isPinRefusal(error)) return { kind: 'failed', error };
      sentWith.current = null;
      keys.current.dropSaleKey();
      // Thrown for the PIN dialog, which shows it and stays open.
      throw error;
    }
  };

  /**
   * Sends the sale, asking a manager's PIN first when it carries a manual discount its seller may
   * not give alone. `summary` says what is approved ("Discount RM 1.00").
   */
  const sendSale = async (
    body: OrderCreate,
    summary: string,
    attempt: (body: OrderCreate, key: string) => Promise<Order>,
  ): Promise<SaleOutcome> => {
    if (!body.manual_discount) return attemptWith(body, undefined, attempt);
    const unanswered = sentWith.current;
    if (unanswered && hasPendingSale && keys.current.saleKey() === unanswered.key) {
      return attemptWith(body, unanswered.approval, attempt);
    }
    const outcome = await withApproval(
      { action: 'manual_discount', outletId: body.outlet_id, summary },
      (approval) => attemptWith(body, approval, attempt),
    );
    return outcome ?? { kind: 'cancelled' };
  };

  return { sendSale, dialog };
}
