import { randomUUID } from 'node:crypto';
import {
  type ManualDiscountInput,
  type ManualDiscountRecord,
  type OrderItemInput,
  orderSystemReasons,
  orderVia,
  type PaymentInput,
  priceOrder,
  type ServingMethod,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { type AuditRow, auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type CustomerPrincipal, customerActor } from '../../lib/customer-principal';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/tenant-scope';
import type { PaymentCodeService } from '../loyalty/payment-codes.service';
import { claimCounterCustomer, settleCounterCustomer, walletLinesOf } from './counter-customer';
import { resolveCart } from './order-cart';
import * as catalogue from './order-catalogue.repo';
import {
  checkOutlet,
  checkPayments,
  lookbackDate,
  type OrderChannel,
  outletClockAt,
  pricingSettings,
} from './order-checks';
import * as record from './order-record.repo';
import type { OrderHistoryRow, OrderItemRow, OrderPaymentRow, OrderRow } from './orders.repo';
import * as repo from './orders.repo';
import { channelTexts, checkManualDiscount, DISCOUNT_PERMISSION } from './order-channel-rules';
import { newOrderBody } from './order-view';

// The one place an order is made, whichever channel asks: price (the outlet's prices from the
// database and the contract's priceOrder, never the client's) → check (the outlet open and
// taking orders, availability, sold out, option limits, payments) → record (one statement:
// number, order, lines, payments, history, rollups, audit, notification, live event). The channel
// decides only what is its own: the source, who acts, and whether the order is paid now (a
// counter sale, PENDING) or later online (an app order, CREATED). A counter sale with a customer
// (attached, or paying with their wallet's code) is one transaction around that statement: the
// codes and the customer before it, the wallet charges and points after it (counter-customer.ts).

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
  /** Takes the wallet payment codes of counter sales; without it a wallet payment is refused. */
  paymentCodes?: PaymentCodeService;
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
      // A voucher needs its rules (who may use one, how much): until vouchers bring them, only a
      // manual discount lowers the price, and only at the counter by who may give one.
      if (req.discount > 0) throw new AppError('discount_not_allowed');
      const manual = req.manualDiscount ?? null;
      if (
        manual &&
        (actor.channel !== 'counter' || !hasPermission(actor.ctx.principal, DISCOUNT_PERMISSION))
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
      const priced = priceOrder({
        lines: lines.map((l) => l.pricing),
        discount: req.discount,
        manual_discount: manual,
        serving_method: req.servingMethod,
        delivery_fee: context.deliveryFee,
        // Cash rounding only when the whole bill is cash (decision: a split is never rounded).
        paid_in_cash: req.payments.length > 0 && req.payments.every((p) => p.method === 'cash'),
        settings: pricingSettings(context, channel),
      });
      if (channel === 'app' && priced.total <= 0) {
        throw new AppError('invalid_request', {
          message: 'An order of RM 0.00 cannot be paid in the app; order it at the counter',
        });
      }
      if (manual) checkManualDiscount(manual, priced.subtotal, context.manualDiscountMaxBp);
      const payments = channel === 'counter' ? checkPayments(req.payments, priced.total) : [];
      const byName = context.staffName ?? fallbackName;
      const status = channel === 'counter' ? 'PENDING' : 'CREATED';
      const manualDiscount: ManualDiscountRecord | null = manual
        ? {
            kind: manual.kind,
            value: manual.value,
            reason: manual.reason,
            note: manual.note || null,
            amount: priced.manual_discount,
            by_user_id: staffId,
            by_name: byName,
          }
        : null;

      // Everything of the order is known before it is written (ids too), so writing it is one
      // statement.
      const orderId = randomUUID();
      const order: Omit<OrderRow, 'seq' | 'orderNo'> = {
        id: orderId,
        tenantId,
        outletId: context.id,
        businessDate: today,
        source: texts.source,
        servingMethod: req.servingMethod,
        tableNo: req.servingMethod === 'dine_in' ? req.tableNo || null : null,
        deliveryAddress: req.servingMethod === 'delivery' ? req.deliveryAddress || null : null,
        customerName: req.customerName || null,
        customerPhone: req.customerPhone || null,
        notes: req.notes || null,
        staffId,
        staffName: staffId ? byName : null,
        status,
        subtotal: priced.subtotal,
        discount: priced.discount,
        serviceCharge: priced.service_charge,
        serviceTax: priced.service_tax,
        deliveryFee: priced.delivery_fee,
        rounding: priced.rounding,
        total: priced.total,
        paid: channel === 'counter' ? priced.total : 0,
        changeDue: payments.reduce((sum, p) => sum + p.changeGiven, 0),
        refunded: 0,
        refundDue: 0,
        paymentMethods: [...new Set(payments.map((p) => p.method))],
        outsideHours,
        manualDiscount,
        tillId: req.tillId ?? null,
        shiftId: req.shiftId ?? null,
        idempotencyKey: req.idempotencyKey,
        handedOverAt: null,
        handedOverBy: null,
        handedOverByName: null,
        createdAt: at,
        updatedAt: at,
      };
      const items: OrderItemRow[] = lines.map((l, i) => ({
        id: randomUUID(),
        tenantId,
        orderId,
        productId: l.productId,
        lineNo: i + 1,
        name: l.name,
        nameMy: l.nameMy,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        options: l.options,
        addons: l.addons,
        notes: l.notes,
        lineTotal: priced.line_totals[i]!,
      }));
      const paymentRows: OrderPaymentRow[] = payments.map((p) => ({
        ...p,
        id: randomUUID(),
        tenantId,
        orderId,
        status: 'paid',
        createdAt: at,
      }));
      const history: OrderHistoryRow = {
        id: randomUUID(),
        tenantId,
        orderId,
        fromStatus: null,
        toStatus: status,
        byUserId: staffId,
        byName,
        reason:
          channel === 'app'
            ? `Placed in the app (${orderVia('mobile-apps')})`
            : outsideHours
              ? orderSystemReasons.paidAtCounterOutsideHours
              : orderSystemReasons.paidAtCounter,
        at,
      };
      const after: Record<string, unknown> = {
        outlet_id: context.id,
        business_date: today,
        status,
        serving_method: req.servingMethod,
        items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
        total: priced.total,
        ...(channel === 'counter'
          ? {
              rounding: priced.rounding,
              payments: payments.map((p) => ({ method: p.method, amount: p.amount })),
              outside_hours: outsideHours,
              // Who gave a manual discount, why and how much: the audit log answers for it.
              ...(manualDiscount
                ? { discount: priced.discount, manual_discount: manualDiscount }
                : {}),
              shift_id: req.shiftId ?? null,
            }
          : { source: texts.source }),
      };
      // The statement adds the order number to `after`.
      const audit: AuditRow =
        actor.channel === 'counter'
          ? auditRow(actor.ctx, {
              action: 'order.create',
              entity: 'order',
              entityId: orderId,
              after,
            })
          : auditRow(actor.ctx, {
              action: 'order.create',
              entity: 'order',
              entityId: orderId,
              actor: customerActor({ ...actor.customer, id: actor.customer.customerId }),
              tenantId,
              after,
            });

      const sale = (into: Db, customerId: string | null) =>
        record.recordOrder(into, {
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
      const dayClosed = () =>
        new AppError('day_closed', { message: texts.dayClosed(context.name, today) });
      const walletLines = channel === 'counter' ? walletLinesOf(req.payments) : [];
      const counterCustomer = channel === 'counter' ? (req.customerId ?? null) : null;
      let customerId = actor.channel === 'app' ? actor.customer.customerId : null;

      try {
        const numbered =
          actor.channel === 'app'
            ? await sale(db, customerId)
            : !counterCustomer && walletLines.length === 0
              ? await sale(db, null)
              : await db.transaction(async (tx) => {
                  const claimed = await claimCounterCustomer(tx, paymentCodes, {
                    tenantId,
                    customerId: counterCustomer,
                    walletLines,
                    at,
                  });
                  customerId = claimed?.customer.id ?? null;
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
                  // Throwing rolls back the codes taken.
                  if (!written) throw dayClosed();
                  if (claimed) {
                    await settleCounterCustomer(
                      tx,
                      paymentCodes,
                      claimed,
                      { tenantId, orderId, orderNo: written.orderNo, paid: order.paid, at },
                      { kind: 'staff', id: actor.ctx.principal.userId, name: byName },
                    );
                  }
                  return written;
                });
        if (!numbered) throw dayClosed();
        return {
          order: { ...order, ...numbered },
          outletName: context.name,
          receipt: context,
          details: { items, payments: paymentRows, history: [history] },
          customerId,
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
