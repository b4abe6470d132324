import {
  type ManualDiscountInput,
  type OrderItemInput,
  type OrderVoucher,
  type PaymentInput,
  type ServingMethod,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import type { PaymentCodeService } from '../loyalty/payment-codes.service';
import {
  claimVoucher,
  type ClaimedVoucher,
  orderVoucherOfClaim,
  redeemClaimed,
} from '../vouchers/voucher-redemption.service';
import { claimCounterCustomer, settleCounterCustomer, walletLinesOf } from './counter-customer';
import { resolveCart, voucherCartOf } from './order-cart';
import * as books from '../books/books.service';
import * as catalogue from './order-catalogue.repo';
import { checkOutlet, lookbackDate, type OrderChannel, outletClockAt } from './order-checks';
import { draftOrder } from './order-draft';
import * as record from './order-record.repo';
import type { OrderHistoryRow, OrderItemRow, OrderPaymentRow, OrderRow } from './orders.repo';
import * as repo from './orders.repo';
import { channelTexts, DISCOUNT_PERMISSION } from './order-channel-rules';
import { newOrderBody } from './order-view';

// The one place an order is made, whichever channel asks: price (the outlet's prices from the
// database and the contract's priceOrder, never the client's) → check (the outlet open and
// taking orders, availability, sold out, option limits, payments) → record (one statement:
// number, order, lines, payments, history, rollups, audit, notification, live event). The channel
// decides only what is its own: the source, who acts, and whether the order is paid now (a
// counter sale, PENDING) or later online (an app order, CREATED). A counter sale with a customer
// (attached, or paying with their wallet's code) is one transaction around that statement: the
// codes and the customer before it, the wallet charges and points after it (counter-customer.ts).
// A voucher joins that transaction on either channel: locked and applied before the order is
// drafted (its discount is priced in), redeemed after the order row (voucher-redemption.service).

/** Who places the order: a cashier at the counter, or a signed-in customer in the app. */
export type OrderActor =
  | { channel: 'counter'; ctx: AuthedContext }
  | { channel: 'app'; ctx: RequestContext; customer: CustomerPrincipal };

/** What is ordered, as every channel asks for it. */
export interface OrderRequest {
  outletId: string;
  servingMethod: ServingMethod;
  items: readonly OrderItemInput[];
  tableNo: string | null;
  deliveryAddress: string | null;
  customerName: string | null;
  customerPhone: string | null;
  /** A counter sale's customer, found or added by phone: the sale earns their points. */
  customerId?: string | null;
  notes: string | null;
  discount: number;
  /** A manual discount the cashier gives (counter only, permission `discount-order`). */
  manualDiscount?: ManualDiscountInput | null;
  /** A manager's approval of the manual discount by PIN, recorded in the sale's transaction. */
  manualDiscountApproval?: {
    record: (tx: Db, orderId: string, detail: Record<string, unknown>) => Promise<unknown>;
  } | null;
  /** A voucher's code: applied and redeemed in the order's transaction. */
  voucherCode?: string | null;
  /** Paid now at the counter with these; an app order is paid later and has none. */
  payments: readonly PaymentInput[];
  /** A counter sale outside opening hours that the cashier confirmed. */
  allowOutsideHours: boolean;
  idempotencyKey: string | null;
  /** A counter sale's till and the shift open on it (decision 035). */
  tillId?: string | null;
  shiftId?: string | null;
}

/** A recorded order with everything its answer shows. */
export interface PlacedOrder {
  order: OrderRow;
  outletName: string;
  receipt: repo.ReceiptSource;
  details: { items: OrderItemRow[]; payments: OrderPaymentRow[]; history: OrderHistoryRow[] };
  /** The order's customer: the app's, or the counter sale's (none for a walk-in). */
  customerId: string | null;
  /** The voucher redeemed on it, or null. */
  voucher: OrderVoucher | null;
}

/**
 * A second order with an Idempotency-Key an order already has: carries that order, so a caller
 * can answer the same actor's retry with it when the key's stored answer was lost (a crash
 * between the sale and storing its answer).
 */
export class OrderAlreadyPlaced extends AppError {
  constructor(
    readonly existing: { id: string; staffId: string | null } | null,
    message: string | undefined,
  ) {
    super('order_already_exists', { message });
  }
}

export interface OrderCoreDeps {
  db: Db;
  now: Clock;
  /** Live events and notifications; off only for the demo seed's back-filled history. */
  announce: boolean;
  /**
   * Takes the wallet payment codes of counter sales; null for the app's channel, which sells
   * nothing against a payment code (a wallet payment there is refused).
   */
  paymentCodes: PaymentCodeService | null;
}

export function createOrderCore({ db, now, announce, paymentCodes }: OrderCoreDeps) {
  /** Who acts: the tenant, the staff member (none for a customer) and the name history shows. */
  function actorOf(actor: OrderActor) {
    if (actor.channel === 'counter') {
      return {
        tenantId: tenantIdOf(actor.ctx),
        staffId: actor.ctx.principal.userId,
        fallbackName: actor.ctx.principal.username,
      };
    }
    return { tenantId: actor.customer.tenantId, staffId: null, fallbackName: actor.customer.name };
  }

  return {
    async place(actor: OrderActor, req: OrderRequest): Promise<PlacedOrder> {
      // A client never names its own discount: a voucher's comes from its code and rules, a
      // manual one only at the counter from who may give one.
      if (req.discount > 0) throw new AppError('discount_not_allowed');
      const manual = req.manualDiscount ?? null;
      const approved = req.manualDiscountApproval ?? null;
      if (
        manual &&
        (actor.channel !== 'counter' ||
          (!approved && !hasPermission(actor.ctx.principal, DISCOUNT_PERMISSION)))
      ) {
        throw new AppError('manual_discount_not_permitted');
      }
      const channel: OrderChannel = actor.channel;
      const texts = channelTexts[channel];
      const { tenantId, staffId, fallbackName } = actorOf(actor);
      const at = now();
      const context = await catalogue.orderContext(db, tenantId, req.outletId, {
        fromDate: lookbackDate(at),
        staffId,
        productIds: [...new Set(req.items.map((i) => i.product_id))],
      });
      if (!context) throw new AppError('not_found');
      const outsideHours = checkOutlet(context, channel, req, at);
      const { today } = outletClockAt(context, at);
      const lines = resolveCart(req.items, new Map(context.catalogue.map((p) => [p.id, p])), today);
      const cart = voucherCartOf(lines);
      const draftWith = (voucher: OrderVoucher | null) =>
        draftOrder({
          actor,
          req,
          context,
          lines,
          at,
          today,
          outsideHours,
          tenantId,
          staffId,
          fallbackName,
          voucher,
        });
      // Without a voucher the order is drafted now; with one, under the voucher's lock.
      let draft = req.voucherCode ? null : draftWith(null);
      const current = () => draft!;

      const sale = (into: Db, customerId: string | null) => {
        const { order, items, paymentRows, history, audit, priced } = current();
        return record.recordOrder(into, {
          order,
          outletCode: context.code,
          items,
          payments: paymentRows,
          history,
          customerId,
          // The staff see an app order once it is paid (payments), a counter sale at once.
          notification:
            announce && channel === 'counter'
              ? {
                  titlePrefix: 'New order ',
                  body: newOrderBody('pos-apps', {
                    servingMethod: req.servingMethod,
                    tableNo: order.tableNo,
                    total: priced.total,
                  }),
                  titleKey: 'posSale',
                  params: {
                    serving_method: req.servingMethod,
                    table_no: order.tableNo,
                    total: priced.total,
                  },
                }
              : null,
          audit,
          liveEvent: announce,
          firstSoldProductIds: context.catalogue.filter((p) => !p.hasSales).map((p) => p.id),
        });
      };
      const dayClosed = () =>
        new AppError('day_closed', { message: texts.dayClosed(context.name, today) });
      const walletLines = channel === 'counter' ? walletLinesOf(req.payments) : [];
      const counterCustomer = channel === 'counter' ? (req.customerId ?? null) : null;
      let customerId = actor.channel === 'app' ? actor.customer.customerId : null;
      let voucher: ClaimedVoucher | null = null;

      /** One transaction: the customer, then the voucher, locked; the order; what follows it. */
      const inTransaction = (tx: Db) => async () => {
        const claimed =
          actor.channel === 'counter'
            ? await claimCounterCustomer(tx, paymentCodes, {
                tenantId,
                customerId: counterCustomer,
                walletLines,
                at,
              })
            : null;
        if (actor.channel === 'counter') customerId = claimed?.customer.id ?? null;
        if (req.voucherCode) {
          // The day's counter row before the voucher, as the day close locks them: a sale and a
          // close giving that voucher back queue instead of deadlocking.
          if (!(await books.lockDayOpen(tx, tenantId, context.id, today))) throw dayClosed();
          voucher = await claimVoucher(tx, {
            tenantId,
            code: req.voucherCode,
            outletId: context.id,
            timezone: context.timezone,
            source: channel === 'counter' ? 'pos' : 'app',
            customerId,
            servingMethod: req.servingMethod,
            at,
            lines: cart,
          });
          draft = draftWith(orderVoucherOfClaim(voucher));
        }
        const { order, audit, byName } = current();
        if (claimed) {
          // The receipt's name and phone are the customer's unless the cashier typed them.
          order.customerName ||= claimed.customer.name;
          order.customerPhone ||= claimed.customer.phone;
          audit.after = {
            ...(audit.after as Record<string, unknown>),
            customer_id: claimed.customer.id,
          };
        }
        const written = await sale(tx, customerId);
        // Throwing rolls back the codes taken and the voucher's claim.
        if (!written) throw dayClosed();
        if (voucher) {
          await redeemClaimed(
            tx,
            voucher,
            {
              tenantId,
              orderId: order.id,
              outletId: context.id,
              customerId,
              source: channel === 'counter' ? 'pos' : 'app',
              businessDate: today,
              at,
            },
            audit,
          );
        }
        if (claimed && actor.channel === 'counter') {
          await settleCounterCustomer(
            tx,
            paymentCodes,
            claimed,
            { tenantId, orderId: order.id, orderNo: written.orderNo, paid: order.paid, at },
            { kind: 'staff', id: actor.ctx.principal.userId, name: byName },
          );
        }
        if (approved) {
          await approved.record(tx, order.id, {
            manual_discount: manual,
            discount: order.discount,
          });
        }
        return written;
      };

      try {
        const alone = !req.voucherCode && !counterCustomer && walletLines.length === 0 && !approved;
        const numbered = alone
          ? await sale(db, customerId)
          : await db.transaction((tx) => inTransaction(tx)());
        if (!numbered) throw dayClosed();
        const { order, items, paymentRows, history } = current();
        return {
          order: { ...order, ...numbered },
          outletName: context.name,
          receipt: context,
          details: { items, payments: paymentRows, history: [history] },
          customerId,
          voucher: orderVoucherOfClaim(voucher),
        };
      } catch (error) {
        const key = req.idempotencyKey;
        if (key && uniqueViolation(error) === 'orders_tenant_idempotency_key_unique') {
          const existing = await repo.findByIdempotencyKey(db, tenantId, key);
          throw new OrderAlreadyPlaced(
            existing,
            existing ? texts.duplicate(existing.orderNo) : texts.duplicateUnknown,
          );
        }
        throw error;
      }
    },
  };
}
