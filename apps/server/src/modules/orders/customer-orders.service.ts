import { codedReason, type OrderStatus } from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { byCustomer, customerActor, type CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { postWallet } from '../loyalty/ledgers.service';
import { earnForOrder } from '../loyalty/points.service';
import { giveBackVoucher, orderVoucherOf } from '../vouchers/voucher-redemption.service';
import type { RefundOwedHook } from './orders.service';
import {
  createOrderCore,
  OrderAlreadyPlaced,
  type OrderRequest,
  type PlacedOrder,
} from './order-core';
import * as customersRepo from './order-customers.repo';
import * as moves from './order-moves.repo';
import * as repo from './orders.repo';

// A customer's orders, whichever channel they use: placed through the order core (CREATED until
// paid), read and cancelled only by the customer who placed them, and paid online (the payments
// module records the payment here, in its own transaction) or with the customer's wallet. A paid
// order earns the customer's points in the payment's transaction.

/** An order as its customer sees it (no receipt header: the app shows its own). */
export type CustomerOrder = Omit<PlacedOrder, 'receipt' | 'customerId'>;

/** How the history and the audit trail name a payment from the wallet. */
const WALLET_PAYER = 'Kopi wallet';
export type { OrderRow } from './orders.repo';
export type OnlinePayment = moves.OnlinePayment;
export { toOrderCharges, toOrderLine } from './order-view';

/** DESIGN §4: an order is cancelled (→ REJECTED) while CREATED or PENDING, not once accepted. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['CREATED', 'PENDING'];

/** What the customer may still do with an order. */
export const customerCan = (o: { status: string; total: number; paid: number }) => ({
  pay: o.status === 'CREATED' && o.total > o.paid,
  cancel: CUSTOMER_CANCELLABLE.includes(o.status as OrderStatus),
});

export function createCustomerOrderService({
  db,
  now,
  onRefundOwed,
}: {
  db: Db;
  now: Clock;
  /** Asks for the refund a cancelled paid order is owed (the refunds service's refundOwed). */
  onRefundOwed: RefundOwedHook;
}) {
  const core = createOrderCore({ db, now, announce: true, paymentCodes: null });

  /**
   * A confirmed online payment, in the payment's transaction (`tx`): the order row is locked,
   * then a CREATED order's customer earns the points of it (their row locked before the order's
   * write takes the live-event lock), then the payment is recorded.
   */
  async function recordOnlinePayment(tx: Db, payment: OnlinePayment) {
    const head = await customersRepo.lockOrder(tx, payment.tenantId, payment.orderId);
    if (head?.status === 'CREATED' && head.customerId) {
      await earnForOrder(tx, {
        tenantId: payment.tenantId,
        customerId: head.customerId,
        orderId: payment.orderId,
        amount: payment.amount,
        at: payment.at,
      });
    }
    return moves.recordOnlinePayment(tx, payment);
  }

  async function own(customer: CustomerPrincipal, id: string): Promise<CustomerOrder> {
    const found = await repo.findOwn(db, customer.tenantId, customer.customerId, id);
    if (!found) throw new AppError('not_found');
    const [details, voucher] = await Promise.all([
      repo.detailsOf(db, customer.tenantId, id),
      orderVoucherOf(db, customer.tenantId, id),
    ]);
    return { ...found, details, voucher };
  }

  return {
    own,

    /** An app order: priced like a counter sale, never cash-rounded, CREATED until paid. */
    place(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      req: Omit<
        OrderRequest,
        'customerName' | 'customerPhone' | 'discount' | 'payments' | 'allowOutsideHours'
      >,
    ) {
      const placing = core.place(
        { channel: 'app', ctx, customer },
        {
          ...req,
          customerName: customer.name,
          customerPhone: customer.phone,
          discount: 0,
          payments: [],
          allowOutsideHours: false,
          // Stored per customer, so one customer's key never collides with another's or the POS's.
          idempotencyKey: req.idempotencyKey
            ? `app:${customer.customerId}:${req.idempotencyKey}`
            : null,
        },
      );
      // The customer's own retry of an order whose answer was lost gets that order again.
      return placing.catch((error: unknown) => {
        const existing = error instanceof OrderAlreadyPlaced ? error.existing : null;
        if (existing) return own(customer, existing.id);
        throw error;
      });
    },

    /** The customer's own orders, newest first. */
    listOwn(
      customer: CustomerPrincipal,
      q: { status?: string | undefined; limit: number; offset: number },
    ) {
      return repo.listOwn(db, customer.tenantId, customer.customerId, q.status, q.limit, q.offset);
    },

    /** CREATED or PENDING → REJECTED, by the customer; a paid order is owed back. */
    async cancel(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      id: string,
      customerReason: string | null,
    ): Promise<CustomerOrder> {
      const reason = codedReason('cancelled_by_customer', { note: customerReason });
      const audit = auditRow(ctx, {
        action: 'order.status',
        entity: 'order',
        entityId: id,
        ...byCustomer(customer),
        // What the customer wrote, as a staff member's reason is kept on their moves.
        after: { status: 'REJECTED', reason: customerReason },
      });
      const result = await moves.cancelByCustomer(db, {
        tenantId: customer.tenantId,
        customerId: customer.customerId,
        orderId: id,
        at: now(),
        byName: customer.name,
        reason,
        customerReason,
        cancellable: CUSTOMER_CANCELLABLE,
        // The order's row is locked: its voucher goes back before the move's live event.
        beforeMove: (tx, at) =>
          giveBackVoucher(tx, {
            tenantId: customer.tenantId,
            orderId: id,
            reason,
            at,
            cause: audit,
          }),
        audit,
      });
      if (!result) throw new AppError('not_found');
      if (!('refused' in result)) await onRefundOwed(ctx, customer.tenantId, id, customer.name);
      if ('refused' in result) {
        throw new AppError('order_not_cancellable', {
          message:
            result.refused === 'REJECTED'
              ? 'This order is already cancelled'
              : result.refused === 'APPROVED'
                ? 'The outlet has accepted this order and is preparing it; it can no longer be cancelled'
                : 'This order is finished and can no longer be cancelled',
        });
      }
      return own(customer, id);
    },

    recordOnlinePayment,

    /**
     * POST /api/mobile/orders/{id}/pay-with-wallet: pays what a CREATED order still owes from the
     * customer's wallet, in one transaction with the order's payment (as an online payment of
     * method `wallet`). Refused for a blocked customer or a wallet too low: nothing is written.
     */
    async payWithWallet(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      id: string,
    ): Promise<CustomerOrder> {
      const { tenantId, customerId } = customer;
      const at = now();
      await db.transaction(async (tx) => {
        const head = await customersRepo.lockOrder(tx, tenantId, id);
        if (!head || head.customerId !== customerId) throw new AppError('not_found');
        const owed = head.total - head.paid;
        if (!customerCan(head).pay) {
          throw new AppError('order_not_payable', {
            message:
              head.status === 'REJECTED'
                ? 'This order was cancelled and cannot be paid'
                : 'This order is already paid',
          });
        }
        const posted = await postWallet(tx, {
          tenantId,
          customerId,
          kind: 'spend',
          amount: -owed,
          idempotencyKey: `order:${id}:wallet`,
          orderId: id,
          refuseBlocked: true,
          actor: { kind: 'customer', id: customerId, name: customer.name },
        });
        const entryId = posted!.entry.id;
        await recordOnlinePayment(tx, {
          tenantId,
          orderId: id,
          amount: owed,
          method: 'wallet',
          reference: `wallet:${entryId}`,
          provider: 'wallet',
          at,
          byName: WALLET_PAYER,
          audit: {
            ...auditRow(ctx, {
              action: '',
              entity: 'order',
              entityId: id,
              actor: customerActor({ ...customer, id: customerId }),
              tenantId,
            }),
            after: { wallet_entry_id: entryId, amount: owed },
          },
        });
      });
      return own(customer, id);
    },

    /** After a payment the order no longer waited for commits: asks for it back. */
    async refundLatePayment(
      ctx: RequestContext,
      late: { tenantId: string; orderId: string; paymentId: string; amount: number },
    ) {
      await onRefundOwed(ctx, late.tenantId, late.orderId, 'Online payment after cancel', {
        paymentId: late.paymentId,
        amount: late.amount,
      });
    },
  };
}

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
