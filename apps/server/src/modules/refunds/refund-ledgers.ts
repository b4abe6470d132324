import { codedReason } from '@kopi/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { type LedgerActor, postWallet } from '../loyalty/ledgers.service';
import { reverseForRefund } from '../loyalty/points.service';
import { reverseOnFullRefund } from '../loyalty/referrals.service';
import { giveBackVoucher } from '../vouchers/voucher-redemption.service';
import type { CompletingRefund } from './refund-writes.repo';

// What moves for the order's customer when a refund completes, whichever way it completes (by
// hand, by the provider's callback, automatically): the money to their wallet when the refund
// goes there, the share of the order's points it covers taken back, and the referral reward the
// order earned taken back once the order is refunded in full. Each is keyed by the refund or the
// referral, so a completion retried or delivered twice moves nothing twice.

/** Whether a refund's money goes to the customer's wallet: asked for so, or back to a wallet payment. */
export const toWallet = (r: { method: string; paymentMethod: string | null }) =>
  r.method === 'wallet' || (r.method === 'original' && r.paymentMethod === 'wallet');

/** The move's `onComplete`: the ledgers of a completing refund, in its transaction. */
export const ledgersOnCompletion =
  (tenantId: string, actor: LedgerActor, at: Date) =>
  async (tx: Db, { refund, order, audit }: CompletingRefund) => {
    const refundedAfter = order.refunded + refund.amount;
    // Refunded in full: the order's voucher goes back (the tenant's setting), once.
    if (refundedAfter >= order.paid) {
      await giveBackVoucher(tx, {
        tenantId,
        orderId: order.id,
        reason: codedReason('refunded_in_full', { refund_no: refund.refundNo }),
        at,
        cause: audit,
      });
    }
    // The referral's row before the customers' rows, as a completing order locks them.
    if (order.customerId && refundedAfter >= order.paid) {
      await reverseOnFullRefund(tx, {
        tenantId,
        customerId: order.customerId,
        orderId: order.id,
        at,
      });
    }
    await reverseForRefund(tx, {
      tenantId,
      orderId: order.id,
      refundId: refund.id,
      orderTotal: order.paid,
      refundedBefore: order.refunded,
      refundedAfter,
      at,
    });
    if (!toWallet(refund)) return;
    if (!order.customerId) throw new AppError('refund_needs_customer');
    await postWallet(tx, {
      tenantId,
      customerId: order.customerId,
      kind: 'refund',
      amount: refund.amount,
      idempotencyKey: `refund:${refund.id}:wallet`,
      orderId: order.id,
      refundId: refund.id,
      reason: codedReason('refund', { refund_no: refund.refundNo }),
      maxBalance: null,
      actor,
    });
  };
