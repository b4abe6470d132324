import {
  type OrderVoucher,
  type Order,
  type OrderStatus,
  type OrderSummary,
  orderTransitions,
  orderVia,
  type PaymentMethod,
  type ServingMethod,
} from '@kopi/contract';
import { hasPermission } from '../../lib/access';
import type { CatalogueProduct } from './order-cart';
import type { Principal } from '../../lib/principal';
import type {
  OrderHistoryRow,
  OrderItemRow,
  OrderPaymentRow,
  OrderRow,
  OrderSummaryRow,
} from './orders.repo';
import { statusMoveView } from '../../lib/status-move';

// Database rows → the contract's order answers, and the few words orders are described with.

/** Moves staff make by hand. PENDING comes from a payment, CLOSED from the day close. */
export const STAFF_MOVES: readonly OrderStatus[] = ['APPROVED', 'COMPLETED', 'REJECTED'];
/** The permission behind every hand move (the status board's subject, DESIGN §8). */
export const MOVE_PERMISSION = 'update-status-order';

/** What the machine and the caller's permissions allow from `status` right now. */
export function allowedStatuses(principal: Principal, status: OrderStatus): OrderStatus[] {
  if (!hasPermission(principal, MOVE_PERMISSION)) return [];
  return orderTransitions[status].filter((s) => STAFF_MOVES.includes(s));
}

export const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

const servingLabels: Record<ServingMethod, string> = {
  dine_in: 'Dine in',
  pick_up: 'Pick up',
  delivery: 'Delivery',
};
export const servingLabel = (method: string) => servingLabels[method as ServingMethod] ?? method;

export function toSummary(r: OrderSummaryRow): OrderSummary {
  return {
    id: r.id,
    order_no: r.orderNo,
    outlet_id: r.outletId,
    outlet_name: r.outletName,
    source: r.source,
    via: orderVia(r.source),
    serving_method: r.servingMethod as ServingMethod,
    table_no: r.tableNo,
    customer_name: r.customerName,
    customer_phone: r.customerPhone,
    payment_methods: r.paymentMethods as PaymentMethod[],
    status: r.status as OrderStatus,
    business_date: r.businessDate,
    created_at: r.createdAt.toISOString(),
    total: r.total,
    paid: r.paid,
    refunded: r.refunded,
  };
}

/** An order's money as every answer shows it (the contract's orderChargesShape). */
export const toOrderCharges = (o: OrderRow) => ({
  subtotal: o.subtotal,
  discount: o.discount,
  service_charge: o.serviceCharge,
  service_tax: o.serviceTax,
  delivery_fee: o.deliveryFee,
  rounding: o.rounding,
  paid: o.paid,
});

/** A line's names as sold, English and Malay, with its options and add-ons. */
export const lineNames = (i: Pick<OrderItemRow, 'name' | 'nameMy' | 'options' | 'addons'>) => ({
  name: i.name,
  name_my: i.nameMy ?? null,
  // Lines sold before Malay names carry no `*_my` keys: null, the English name shows.
  options: i.options.map((x) => ({
    group: x.group,
    group_my: x.group_my ?? null,
    name: x.name,
    name_my: x.name_my ?? null,
    price: x.price,
  })),
  addons: i.addons.map((x) => ({ name: x.name, name_my: x.name_my ?? null, price: x.price })),
});

/** An order line as every answer shows it: the product, options and add-ons as sold. */
export const toOrderLine = (i: OrderItemRow) => ({
  id: i.id,
  product_id: i.productId,
  ...lineNames(i),
  quantity: i.quantity,
  unit_price: i.unitPrice,
  notes: i.notes,
  line_total: i.lineTotal,
});

/** A product's choices as a menu shows them: its groups with their limits, its active add-ons. */
export const menuChoices = (p: Pick<CatalogueProduct, 'groups' | 'addons'>) => ({
  variant_groups: p.groups.map((g) => ({
    id: g.id,
    name: g.name,
    name_my: g.nameMy,
    required: g.required,
    min_select: g.min,
    max_select: g.max,
    options: g.options.map((o) => ({
      id: o.id,
      name: o.name,
      name_my: o.nameMy,
      price: o.price,
      is_default: o.is_default,
    })),
  })),
  addons: p.addons
    .filter((a) => a.status === 'active')
    .map((a) => ({ id: a.id, name: a.name, name_my: a.nameMy, price: a.price })),
});

export function toOrder(
  o: OrderRow,
  outletName: string,
  details: { items: OrderItemRow[]; payments: OrderPaymentRow[]; history: OrderHistoryRow[] },
  principal: Principal,
  /** The tenant and outlet as they are now (a reprint shows today's header). */
  receipt: Order['receipt'],
  customerId: string | null = null,
  voucher: OrderVoucher | null = null,
): Order {
  return {
    ...toSummary({ ...o, outletName }),
    customer_id: customerId,
    delivery_address: o.deliveryAddress,
    notes: o.notes,
    staff_name: o.staffName,
    ...toOrderCharges(o),
    change: o.changeDue,
    refund_due: o.refundDue,
    outside_hours: o.outsideHours,
    manual_discount: o.manualDiscount ?? null,
    voucher,
    till_id: o.tillId,
    shift_id: o.shiftId,
    items: details.items.map((i) => ({ ...toOrderLine(i), sku: i.sku })),
    payments: details.payments.map((p) => ({
      id: p.id,
      method: p.method as PaymentMethod,
      amount: p.amount,
      tendered: p.tendered,
      change: p.changeGiven,
      reference: p.reference,
      status: p.status as 'paid' | 'refunded',
    })),
    history: details.history.map(statusMoveView),
    ready_at: details.history.find((h) => h.toStatus === 'COMPLETED')?.at.toISOString() ?? null,
    handed_over_at: o.handedOverAt?.toISOString() ?? null,
    handed_over_by: o.handedOverByName,
    not_collected_at: o.notCollectedAt?.toISOString() ?? null,
    not_collected_by: o.notCollectedByName,
    not_collected_reason: o.notCollectedReason,
    allowed_statuses: allowedStatuses(principal, o.status as OrderStatus),
    receipt,
  };
}

/** The outlet staff's "New order" notification body: where it came from, how served, total. */
export const newOrderBody = (
  source: 'pos-apps' | 'mobile-apps',
  o: { servingMethod: string; tableNo: string | null; total: number },
) =>
  `${orderVia(source)} · ${servingLabel(o.servingMethod)}${
    o.tableNo ? ` · table ${o.tableNo}` : ''
  } · ${ringgit(o.total)}`;
