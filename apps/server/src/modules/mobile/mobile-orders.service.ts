import { randomUUID } from 'node:crypto';
import {
  type MobileOrder,
  type MobileOrderCreate,
  type MobileOrderSummary,
  type OrderStatus,
  orderVia,
  type PricingSettings,
  priceOrder,
  type ServingMethod,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { listMeta, offsetOf } from '../../lib/paging';
import type { RequestContext } from '../../lib/request-context';
import { resolveCart } from '../orders/order-cart';
import { ringgit, servingLabel } from '../orders/order-view';
import * as catalogueRepo from './mobile-catalogue.repo';
import { lookbackDate, offeredMethods, outletClock } from './mobile-catalogue.service';
import { customerActor } from './mobile-auth.service';
import * as repo from './mobile-orders.repo';

// Orders from the app (issue 6): the customer's cart is priced like a counter sale (the outlet's
// prices from the database, the contract's priceOrder, never cash rounding), the order is CREATED
// with source mobile-apps, and it becomes PENDING — visible on the status board — when its
// payment is confirmed (payments module). The customer may cancel it until the outlet accepts it.

export interface MobileOrderDeps {
  db: Db;
  now: Clock;
}

/** DESIGN §4: an order is cancelled (→ REJECTED) while CREATED or PENDING, not once accepted. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['CREATED', 'PENDING'];
export const CANCEL_REASON = 'Cancelled by customer';

function pricingSettings(c: catalogueRepo.OrderOutletRow): PricingSettings {
  return {
    service_charge_rate_bp: c.serviceChargeRateBp,
    service_charge_methods: offeredMethods(c.serviceChargeMethods),
    service_tax_rate_bp: c.serviceTaxRateBp,
    service_charge_taxable: c.serviceTaxOnServiceCharge,
    // An app order is paid online: cash rounding never applies (DESIGN §3).
    cash_rounding: false,
  };
}

/** "Thu 07:00" in the outlet's zone, for "opens again at …". */
function localOpening(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-MY', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Refuses an order the outlet would not take now, each reason with its own code. */
function checkOutlet(c: catalogueRepo.OrderOutletRow, input: MobileOrderCreate, at: Date) {
  if (c.status !== 'active') throw new AppError('not_found');
  if (!c.acceptingOrders) {
    throw new AppError('outlet_not_accepting_orders', {
      message: `${c.name} is not taking app orders right now`,
    });
  }
  if (!offeredMethods(c.servingMethods).includes(input.serving_method)) {
    throw new AppError('serving_method_unavailable', {
      message: `${c.name} does not offer ${servingLabel(input.serving_method).toLowerCase()}`,
      details: [{ path: 'serving_method', message: 'validation.invalid' }],
    });
  }
  const { state } = outletClock(c, at);
  if (!state.open) {
    throw new AppError('outlet_not_open', {
      message: state.next_open_at
        ? `${c.name} is closed now. It opens again ${localOpening(state.next_open_at, c.timezone)}.`
        : `${c.name} is closed now.`,
    });
  }
  if (!state.accepting_orders) {
    throw new AppError('outlet_last_orders_passed', {
      message: `${c.name} has stopped taking orders for today (last orders ${c.lastOrderMinutes} minutes before closing)`,
    });
  }
}

function toSummary(
  r: Pick<
    repo.OrderRow,
    | 'id'
    | 'orderNo'
    | 'outletId'
    | 'servingMethod'
    | 'status'
    | 'businessDate'
    | 'createdAt'
    | 'total'
  >,
  outletName: string,
): MobileOrderSummary {
  return {
    id: r.id,
    order_no: r.orderNo,
    outlet_id: r.outletId,
    outlet_name: outletName,
    serving_method: r.servingMethod as ServingMethod,
    status: r.status as OrderStatus,
    business_date: r.businessDate,
    created_at: r.createdAt.toISOString(),
    total: r.total,
  };
}

export function toMobileOrder(
  o: repo.OrderRow,
  outletName: string,
  details: Awaited<ReturnType<typeof repo.detailsOf>>,
): MobileOrder {
  const status = o.status as OrderStatus;
  return {
    ...toSummary(o, outletName),
    table_code: o.tableNo,
    delivery_address: o.deliveryAddress,
    notes: o.notes,
    subtotal: o.subtotal,
    discount: o.discount,
    service_charge: o.serviceCharge,
    service_tax: o.serviceTax,
    delivery_fee: o.deliveryFee,
    rounding: o.rounding,
    paid: o.paid,
    refund_due: o.refundDue,
    items: details.items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      name: i.name,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      options: i.options.map((x) => ({ group: x.group, name: x.name, price: x.price })),
      addons: i.addons.map((x) => ({ name: x.name, price: x.price })),
      notes: i.notes,
      line_total: i.lineTotal,
    })),
    payments: details.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      status: p.status,
      at: p.createdAt.toISOString(),
    })),
    history: details.history.map((h) => ({
      status: h.toStatus,
      at: h.at.toISOString(),
      reason: h.reason,
    })),
    can_pay: status === 'CREATED' && o.total > o.paid,
    can_cancel: CUSTOMER_CANCELLABLE.includes(status),
  };
}

export function createMobileOrderService({ db, now }: MobileOrderDeps) {
  async function requireOwn(customer: CustomerPrincipal, id: string) {
    const found = await repo.findOwn(db, customer.tenantId, customer.customerId, id);
    if (!found) throw new AppError('not_found');
    return found;
  }

  async function get(customer: CustomerPrincipal, id: string): Promise<MobileOrder> {
    const { order, outletName } = await requireOwn(customer, id);
    return toMobileOrder(order, outletName, await repo.detailsOf(db, customer.tenantId, id));
  }

  return {
    get,

    /** POST /api/mobile/orders: priced like a counter sale, CREATED until paid. */
    async create(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      input: MobileOrderCreate,
      idempotencyKey: string | null,
    ): Promise<MobileOrder> {
      const { tenantId } = customer;
      const at = now();
      const productIds = [...new Set(input.items.map((i) => i.product_id))];
      const outlet = await catalogueRepo.outletForOrder(
        db,
        tenantId,
        input.outlet_id,
        lookbackDate(at),
        productIds,
      );
      if (!outlet) throw new AppError('not_found');
      checkOutlet(outlet, input, at);
      const { today } = outletClock(outlet, at);
      const lines = resolveCart(
        input.items,
        new Map(outlet.catalogue.map((p) => [p.id, p])),
        today,
      );
      const priced = priceOrder({
        lines: lines.map((l) => l.pricing),
        discount: 0,
        serving_method: input.serving_method,
        delivery_fee: outlet.deliveryFee,
        paid_in_cash: false,
        settings: pricingSettings(outlet),
      });
      if (priced.total <= 0) {
        throw new AppError('invalid_request', {
          message: 'An order of RM 0.00 cannot be paid in the app; order it at the counter',
        });
      }

      const orderId = randomUUID();
      // Stored per customer, so one customer's key can never collide with another's or the POS's.
      const storedKey = idempotencyKey ? `app:${customer.customerId}:${idempotencyKey}` : null;
      const order: repo.NewAppOrder['order'] = {
        id: orderId,
        tenantId,
        outletId: outlet.id,
        businessDate: today,
        source: 'mobile-apps',
        servingMethod: input.serving_method,
        tableNo: input.serving_method === 'dine_in' ? (input.table_code ?? null) : null,
        deliveryAddress:
          input.serving_method === 'delivery' ? (input.delivery_address ?? null) : null,
        customerName: customer.name,
        customerPhone: customer.phone,
        notes: input.notes || null,
        staffId: null,
        staffName: null,
        status: 'CREATED',
        subtotal: priced.subtotal,
        discount: priced.discount,
        serviceCharge: priced.service_charge,
        serviceTax: priced.service_tax,
        deliveryFee: priced.delivery_fee,
        rounding: priced.rounding,
        total: priced.total,
        paid: 0,
        changeDue: 0,
        refunded: 0,
        refundDue: 0,
        paymentMethods: [],
        outsideHours: false,
        idempotencyKey: storedKey,
        createdAt: at,
        updatedAt: at,
      };
      const items: repo.OrderItemRow[] = lines.map((l, i) => ({
        id: randomUUID(),
        tenantId,
        orderId,
        productId: l.productId,
        lineNo: i + 1,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        options: l.options,
        addons: l.addons,
        notes: l.notes,
        lineTotal: priced.line_totals[i]!,
      }));
      const history: repo.OrderHistoryRow = {
        id: randomUUID(),
        tenantId,
        orderId,
        fromStatus: null,
        toStatus: 'CREATED',
        byUserId: null,
        byName: customer.name,
        reason: `Placed in the app (${orderVia('mobile-apps')})`,
        at,
      };
      try {
        const numbered = await repo.insertAppOrder(db, {
          order,
          outletCode: outlet.code,
          customerId: customer.customerId,
          items,
          history,
          audit: auditRow(ctx, {
            action: 'order.create',
            entity: 'order',
            entityId: orderId,
            actor: customerActor({ ...customer, id: customer.customerId }),
            tenantId,
            after: {
              outlet_id: outlet.id,
              business_date: today,
              source: 'mobile-apps',
              status: 'CREATED',
              serving_method: input.serving_method,
              items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
              total: priced.total,
            },
          }),
          firstSoldProductIds: outlet.catalogue.filter((p) => !p.hasSales).map((p) => p.id),
        });
        if (!numbered) {
          throw new AppError('day_closed', {
            message: `${outlet.name} has closed for the day (business day ${today}); please order again tomorrow`,
          });
        }
        return toMobileOrder({ ...order, ...numbered }, outlet.name, {
          items,
          payments: [],
          history: [history],
        });
      } catch (error) {
        if (storedKey && uniqueViolation(error) === 'orders_tenant_idempotency_key_unique') {
          const existing = await repo.findByIdempotencyKey(db, tenantId, storedKey);
          throw new AppError('order_already_exists', {
            message: existing
              ? `This order was already placed as order ${existing.orderNo}`
              : 'This order was already placed',
          });
        }
        throw error;
      }
    },

    /** GET /api/mobile/orders: the customer's own orders, newest first. */
    async list(
      customer: CustomerPrincipal,
      q: { page: number; page_size: number; status?: string | undefined },
    ) {
      const { rows, total } = await repo.listOwn(
        db,
        customer.tenantId,
        customer.customerId,
        q.status,
        q.page_size,
        offsetOf(q),
      );
      return { data: rows.map((r) => toSummary(r, r.outletName)), meta: listMeta(q, total) };
    },

    /** POST /api/mobile/orders/{id}/cancel: CREATED or PENDING → REJECTED. */
    async cancel(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      id: string,
      input: { reason?: string | undefined } | null | undefined,
    ): Promise<MobileOrder> {
      const reason = input?.reason ? `${CANCEL_REASON}: ${input.reason}` : CANCEL_REASON;
      const result = await repo.cancelOwn(db, {
        tenantId: customer.tenantId,
        customerId: customer.customerId,
        orderId: id,
        at: now(),
        byName: customer.name,
        reason,
        customerReason: input?.reason || null,
        cancellable: CUSTOMER_CANCELLABLE,
        audit: auditRow(ctx, {
          action: 'order.status',
          entity: 'order',
          entityId: id,
          actor: customerActor({ ...customer, id: customer.customerId }),
          tenantId: customer.tenantId,
          after: { status: 'REJECTED', reason },
        }),
      });
      if (!result) throw new AppError('not_found');
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
      return get(customer, id);
    },
  };
}

export type MobileOrderService = ReturnType<typeof createMobileOrderService>;

/** The outlet staff's notification body of a paid app order (payments module). */
export const paidOrderBody = (o: {
  servingMethod: string;
  tableNo: string | null;
  total: number;
}) =>
  `${orderVia('mobile-apps')} · ${servingLabel(o.servingMethod)}${
    o.tableNo ? ` · table ${o.tableNo}` : ''
  } · ${ringgit(o.total)}`;
