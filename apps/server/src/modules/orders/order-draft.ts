import { randomUUID } from 'node:crypto';
import {
  type ManualDiscountRecord,
  type OrderVoucher,
  codedReason,
  priceOrder,
} from '@kopi/contract';
import { type AuditRow, auditRow } from '../../lib/audit';
import { reasonColumns } from '../../lib/coded-reason';
import { customerActor } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { CartLine } from './order-cart';
import type { OrderContext } from './order-catalogue.repo';
import { checkPayments, type OrderChannel, pricingSettings } from './order-checks';
import { channelTexts, checkManualDiscount } from './order-channel-rules';
import type { OrderActor, OrderRequest } from './order-core';
import type { OrderHistoryRow, OrderItemRow, OrderPaymentRow, OrderRow } from './orders.repo';

// An order as it will be written, built from its priced cart: the order row, lines, payments,
// first history row and audit entry, all known before the statement that writes them. Built once
// the discount is known: a voucher's is known only under its lock, in the order's transaction.

export interface DraftInput {
  actor: OrderActor;
  req: OrderRequest;
  context: OrderContext;
  lines: CartLine[];
  at: Date;
  today: string;
  outsideHours: boolean;
  tenantId: string;
  staffId: string | null;
  fallbackName: string;
  /** The voucher applied, or null: its discount is priceOrder's `discount`. */
  voucher: OrderVoucher | null;
}

export function draftOrder(d: DraftInput) {
  const { actor, req, context, lines, at, today, outsideHours, tenantId, staffId, voucher } = d;
  const channel: OrderChannel = actor.channel;
  const texts = channelTexts[channel];
  const manual = req.manualDiscount ?? null;
  const priced = priceOrder({
    lines: lines.map((l) => l.pricing),
    discount: voucher?.discount ?? 0,
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
  const byName = context.staffName ?? d.fallbackName;
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
    notCollectedAt: null,
    notCollectedBy: null,
    notCollectedByName: null,
    notCollectedReason: null,
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
    ...reasonColumns(
      codedReason(
        channel === 'app'
          ? 'placed_in_app'
          : outsideHours
            ? 'paid_at_counter_outside_hours'
            : 'paid_at_counter',
        {},
      ),
    ),
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
          ...(manualDiscount ? { manual_discount: manualDiscount } : {}),
          shift_id: req.shiftId ?? null,
        }
      : { source: texts.source }),
    ...(manualDiscount || voucher ? { discount: priced.discount } : {}),
    // Which voucher took what off: the audit log answers for it too.
    ...(voucher
      ? { voucher: { id: voucher.id, code: voucher.code, discount: voucher.discount } }
      : {}),
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

  return { priced, order, items, paymentRows, payments, history, audit, byName };
}
