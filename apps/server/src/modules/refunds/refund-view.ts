import {
  type BankCode,
  malaysianBanks,
  maskAccountNumber,
  type PaymentMethod,
  type Refund,
  type RefundKind,
  type RefundMethod,
  type RefundPayoutStatus,
  refundMovePermission,
  type RefundReason,
  type RefundStatus,
  type RefundSummary,
  refundTransitions,
} from '@kopi/contract';
import { hasPermission } from '../../lib/access';
import type { Principal } from '../../lib/principal';
import type { detailsOf, findById, RefundRow, RefundSummaryRow } from './refunds.repo';
import { toReceiptBusiness } from '../../db/receipt-business';
import { statusMoveView } from '../../lib/status-move';

// Database rows → the contract's refund answers, and which moves a caller may make.

type Found = NonNullable<Awaited<ReturnType<typeof findById>>>;
type Details = Awaited<ReturnType<typeof detailsOf>>;

const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

/** Why a caller may not make a move the machine allows, or null when they may. */
export function moveRefusal(
  principal: Principal,
  refund: Pick<RefundRow, 'status' | 'method' | 'requestedBy' | 'amount' | 'providerPayout'>,
  to: RefundStatus,
  managerLimit: number,
  /** What the caller has approved on the refund's order already (their per-order limit). */
  approvedBefore = 0,
): {
  code:
    | 'invalid_status_transition'
    | 'forbidden'
    | 'refund_own_request'
    | 'refund_above_manager_limit'
    | 'refund_awaiting_provider';
  message: string;
} | null {
  const from = refund.status as RefundStatus;
  if (!refundTransitions[from].includes(to)) {
    return {
      code: 'invalid_status_transition',
      message: `A refund that is ${from} cannot move to ${to}`,
    };
  }
  // A bank transfer is paid out by the transfer; the others straight after approval.
  const transfer = refund.method === 'bank_transfer';
  if (from === 'APPROVED' && (to === 'WAITING TRANSFER') !== transfer) {
    return {
      code: 'invalid_status_transition',
      message: transfer
        ? 'A bank-transfer refund completes after its transfer: move it to WAITING TRANSFER'
        : 'Only a bank-transfer refund waits for a transfer',
    };
  }
  // The provider's callback completes it; completing it by hand too would pay it twice.
  if (to === 'COMPLETED' && refund.providerPayout === 'pending') {
    return {
      code: 'refund_awaiting_provider',
      message: 'This refund completes when the payment provider confirms it',
    };
  }
  if (!hasPermission(principal, refundMovePermission[to])) {
    return {
      code: 'forbidden',
      message: `Moving a refund to ${to} needs ${refundMovePermission[to]}`,
    };
  }
  const decides = to === 'APPROVED' || to === 'REJECTED';
  if (decides && refund.requestedBy === principal.userId) {
    return {
      code: 'refund_own_request',
      message: 'You asked for this refund, so someone else must approve it',
    };
  }
  if (to === 'APPROVED' && principal.outletId) {
    return orderLimitRefusal(managerLimit, approvedBefore, refund.amount);
  }
  return null;
}

/**
 * A limited approver (a manager, bound to an outlet) approves up to their limit per order: what
 * they have approved on it, plus this refund. Splitting a refund into parts gains nothing.
 */
export function orderLimitRefusal(
  managerLimit: number,
  approvedBefore: number,
  amount: number,
): { code: 'refund_above_manager_limit'; message: string } | null {
  if (approvedBefore + amount <= managerLimit) return null;
  if (approvedBefore === 0) {
    return {
      code: 'refund_above_manager_limit',
      message: `A manager may approve refunds up to ${ringgit(managerLimit)}; finance or an admin must approve this one`,
    };
  }
  return {
    code: 'refund_above_manager_limit',
    message: `A manager may approve up to ${ringgit(managerLimit)} of refunds on one order and has approved ${ringgit(approvedBefore)} on this one; finance or an admin must approve this one`,
  };
}

export function toSummary(r: RefundSummaryRow): RefundSummary {
  const f = r.refund;
  return {
    id: f.id,
    refund_no: f.refundNo,
    order_id: f.orderId,
    order_no: r.orderNo,
    order_date: r.orderDate,
    outlet_id: f.outletId,
    outlet_name: r.outletName,
    status: f.status as RefundStatus,
    kind: f.kind as RefundKind,
    method: f.method as RefundMethod,
    payment_method: f.paymentMethod as PaymentMethod | null,
    amount: f.amount,
    reason: f.reason as RefundReason,
    requested_by: f.requestedByName,
    created_at: f.createdAt.toISOString(),
    business_date: f.businessDate,
  };
}

/**
 * Where the proof is fetched: its own route (transfer-refund), versioned by the file so a new
 * proof is never an old cached one. Proofs stored before they were private keep their address.
 */
function proofUrlOf(f: Pick<RefundRow, 'id' | 'proofKey'>): string | null {
  if (!f.proofKey) return null;
  if (f.proofKey.startsWith('/uploads/')) return f.proofKey;
  const file = f.proofKey.slice(f.proofKey.indexOf('/') + 1, f.proofKey.lastIndexOf('.'));
  return `/api/refunds/${f.id}/proof?v=${file}`;
}

export function toRefund(found: Found, details: Details, principal: Principal): Refund {
  const f = found.refund;
  const full = hasPermission(principal, 'transfer-refund');
  const bank =
    f.bankCode && f.accountHolder && f.accountNumber
      ? {
          bank_code: f.bankCode as BankCode,
          bank_name: malaysianBanks[f.bankCode as BankCode] ?? f.bankCode,
          account_holder: f.accountHolder,
          account_number: full ? f.accountNumber : maskAccountNumber(f.accountNumber),
          masked: !full,
        }
      : null;
  const status = f.status as RefundStatus;
  return {
    ...toSummary(found),
    reason_note: f.reasonNote,
    provider_payout: f.providerPayout as RefundPayoutStatus | null,
    items: details.items.map((i) => ({
      order_item_id: i.orderItemId,
      name: i.name,
      name_my: i.nameMy,
      quantity: i.quantity,
      amount: i.amount,
    })),
    approved_by: f.approvedByName,
    bank,
    transfer_reference: f.transferReference,
    proof_url: full ? proofUrlOf(f) : null,
    completed_at: f.completedAt?.toISOString() ?? null,
    history: details.history.map(statusMoveView),
    allowed_statuses: refundTransitions[status].filter(
      (to) => moveRefusal(principal, f, to, found.managerLimit, found.callerApproved) === null,
    ),
    order: {
      total: found.order.total,
      paid: found.order.paid,
      refunded: found.order.refunded,
      status: found.order.status,
      business_date: found.order.businessDate,
    },
    business: toReceiptBusiness(found.business),
  };
}
