import {
  parsePermission,
  type Refund,
  refundMovePermission,
  type RefundStatus,
} from '@kopi/contract';

// The buttons of a refund's details: one per move the server allows now (allowed_statuses),
// shown only when the user holds the move's permission (the server checks both anyway).

export type RefundActionKey =
  'submit' | 'approve' | 'reject' | 'waitTransfer' | 'transferred' | 'complete' | 'close';

const actionOf: Record<RefundStatus, RefundActionKey | null> = {
  CREATED: null,
  PENDING: 'submit',
  APPROVED: 'approve',
  REJECTED: 'reject',
  'WAITING TRANSFER': 'waitTransfer',
  TRANSFERED: 'transferred',
  COMPLETED: 'complete',
  CLOSED: 'close',
};

export interface RefundAction {
  status: RefundStatus;
  key: RefundActionKey;
}

export function availableRefundActions(
  allowed: readonly RefundStatus[],
  can: (action: string, subject: string) => boolean,
): RefundAction[] {
  return allowed.flatMap((status) => {
    const key = actionOf[status];
    const ability = parsePermission(refundMovePermission[status]);
    if (!key || !ability || !can(ability.action, ability.subject)) return [];
    return [{ status, key }];
  });
}

/** Who decided a refund approved it, or rejected it. */
export const decidedBy = (refund: Pick<Refund, 'status'>) =>
  refund.status === 'REJECTED' ? 'rejectedBy' : 'approvedBy';

/**
 * Whether a slip for the customer's signature fits: money goes back (or went back), so not for a
 * rejected refund, nor one closed without being paid.
 */
export const hasSlip = (refund: Pick<Refund, 'status' | 'completed_at'>) =>
  refund.status !== 'REJECTED' && !(refund.status === 'CLOSED' && !refund.completed_at);
