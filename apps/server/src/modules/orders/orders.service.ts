import { randomUUID } from 'node:crypto';
import {
  addDays,
  businessDate,
  canMoveOrder,
  defaultLocale,
  localeSchema,
  messageKey,
  type Order,
  type OrderCreate,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderOutlet,
  type OrderStatus,
  orderSortKeys,
  orderSystemReasons,
  type PosContext,
  orderVia,
  outletOpenState,
  type PricingSettings,
  priceOrder,
  type ServingMethod,
  servingMethods,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { readableOutletsOf } from '../../lib/scoped-outlets';
import { tenantIdOf } from '../../lib/tenant-scope';
import { createBoardService } from './board.service';
import { resolveCart } from './order-cart';
import { ordersCsv } from './order-export';
import { ringgit, servingLabel, STAFF_MOVES, toOrder, toSummary } from './order-view';
import * as repo from './orders.repo';
import { createPosService } from './pos.service';

// Orders and the POS (issue 5): the counter sale, status moves, the list and the details.
// Prices come from the database and totals from the contract's priceOrder, never from the client.
// A sale (and a move) is written by one statement: number, order, items, payments, history,
// notification, audit and live event commit together or not at all (see recordSale).

export interface OrderServiceDeps {
  db: Db;
  now: Clock;
  /**
   * Publish live events and notifications. Off only for the demo seed's back-filled history, which
   * nobody should be alerted about; every live path keeps it on.
   */
  announce?: boolean;
  /** The most rows an export writes; more is refused (tests lower it). */
  exportMaxRows?: number;
}

const EXPORT_MAX_ROWS = 50_000;

function pricingSettings(c: repo.SaleContext): PricingSettings {
  return {
    service_charge_rate_bp: c.serviceChargeRateBp,
    service_charge_methods: c.serviceChargeMethods.filter((m): m is ServingMethod =>
      (servingMethods as readonly string[]).includes(m),
    ),
    service_tax_rate_bp: c.serviceTaxRateBp,
    service_charge_taxable: c.serviceTaxOnServiceCharge,
    cash_rounding: c.cashRounding,
  };
}

function parseSort(sort: string | undefined): { key: repo.SortKey; desc: boolean } {
  if (!sort) return { key: 'created', desc: true };
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as repo.SortKey;
  if (!(orderSortKeys as readonly string[]).includes(key)) {
    throw validationError([{ path: 'sort', message: messageKey('invalid') }]);
  }
  return { key, desc };
}

/**
 * The outlet a list or export asks for (`outlet`, or `outlet_id` as the other order endpoints
 * name it). Outlet-bound staff naming another outlet get 404, like everywhere else in the module.
 */
function requestedOutlet(ctx: AuthedContext, q: OrderExportQuery): string | undefined {
  if (q.outlet && q.outlet_id && q.outlet !== q.outlet_id) {
    throw validationError([{ path: 'outlet_id', message: messageKey('invalid') }]);
  }
  const outletId = q.outlet ?? q.outlet_id;
  const bound = ctx.principal.outletId;
  if (bound && outletId && outletId !== bound) throw new AppError('not_found');
  return outletId;
}

const filterOf = (
  ctx: AuthedContext,
  q: OrderExportQuery,
  outletId: string | undefined,
): repo.OrderFilter => ({
  from: q.from,
  to: q.to,
  outletId,
  boundOutletId: ctx.principal.outletId,
  status: q.status,
  source: q.source,
  servingMethod: q.serving_method,
  paymentMethod: q.payment_method,
  q: q.q,
});

/** The receipt header from the tenant and outlet as they are now. */
const receiptOf = (r: repo.ReceiptSource): Order['receipt'] => ({
  business_name: r.tenantName,
  legal_name: r.legalName,
  sst_registration_no: r.sstRegistrationNo,
  tin: r.tin,
  brn: r.brn,
  outlet_code: r.code,
  outlet_address: r.address,
  outlet_phone: r.phone,
});

const openStateOf = (c: repo.SaleContext, at: Date) =>
  outletOpenState(
    {
      timezone: c.timezone,
      hours: c.hours,
      closures: c.closures,
      last_order_minutes: c.lastOrderMinutes,
    },
    at,
  );

/** Is the outlet taking this sale now? Returns whether it is a confirmed out-of-hours sale. */
function checkOutlet(c: repo.SaleContext, input: OrderCreate, at: Date): boolean {
  if (c.status !== 'active' || !c.acceptingOrders)
    throw new AppError('outlet_not_accepting_orders');
  if (!c.servingMethods.includes(input.serving_method)) {
    throw new AppError('serving_method_unavailable', {
      message: `${c.name} does not offer ${servingLabel(input.serving_method).toLowerCase()}`,
      details: [{ path: 'serving_method', message: messageKey('invalid') }],
    });
  }
  const state = openStateOf(c, at);
  if (state.accepting_orders) return false;
  // A counter sale outside hours goes ahead when the cashier confirmed the warning; it is noted
  // on the order and in the audit trail.
  if (input.allow_outside_hours) return true;
  throw new AppError('outlet_closed', {
    message: state.open
      ? `${c.name} has stopped taking orders for today (last orders ${c.lastOrderMinutes} minutes before closing). Confirm a sale outside opening hours to go ahead.`
      : `${c.name} is closed now. Confirm a sale outside opening hours to go ahead.`,
  });
}

/** Payments settle the total exactly; cash may be over-tendered and gets change. */
function checkPayments(input: OrderCreate, total: number) {
  const paid = input.payments.reduce((sum, p) => sum + p.amount, 0);
  input.payments.forEach((p, i) => {
    if (p.amount === 0 && total > 0) {
      throw validationError([
        { path: `payments.${i}.amount`, message: messageKey('min_value', { min: 1 }) },
      ]);
    }
  });
  if (paid !== total) {
    throw new AppError('payment_mismatch', {
      message: `The payments (${ringgit(paid)}) do not add up to the total (${ringgit(total)})`,
      details: [{ path: 'payments', message: messageKey('invalid') }],
    });
  }
  return input.payments.map((p, i) => {
    const tendered = p.method === 'cash' ? (p.tendered ?? p.amount) : null;
    return {
      lineNo: i + 1,
      method: p.method,
      amount: p.amount,
      tendered,
      changeGiven: tendered === null ? 0 : tendered - p.amount,
      reference: p.reference || null,
    };
  });
}

export function createOrderService({
  db,
  now,
  announce = true,
  exportMaxRows = EXPORT_MAX_ROWS,
}: OrderServiceDeps) {
  async function requireVisible(ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    const found = await repo.findById(db, tenantId, id, ctx.principal);
    if (!found) throw new AppError('not_found');
    return { tenantId, ...found };
  }

  /** The list's filter; an outlet that is not the tenant's is a 404, not an empty list. */
  async function listFilter(ctx: AuthedContext, tenantId: string, q: OrderExportQuery) {
    const outletId = requestedOutlet(ctx, q);
    if (outletId && !ctx.principal.outletId && !(await repo.outletExists(db, tenantId, outletId))) {
      throw new AppError('not_found');
    }
    return filterOf(ctx, q, outletId);
  }

  return {
    // GET /api/pos/outlets, GET /api/pos/menu and GET /api/orders/board live in their own files.
    ...createPosService({ db, now }),
    ...createBoardService({ db, now }),

    /** GET /api/pos/context: the outlet, pricing settings and receipt header for the POS. */
    async posContext(ctx: AuthedContext, outletId: string): Promise<PosContext> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      const at = now();
      const c =
        bound && bound !== outletId
          ? null
          : await repo.saleContext(
              db,
              tenantId,
              outletId,
              ctx.principal.userId,
              addDays(at.toISOString().slice(0, 10), -2),
            );
      if (!c) throw new AppError('not_found');
      const state = openStateOf(c, at);
      const today = businessDate(at, c.timezone, c.cutoffHour);
      const settings = pricingSettings(c);
      return {
        outlet: {
          id: c.id,
          code: c.code,
          name: c.name,
          address: c.address,
          phone: c.phone,
          serving_methods: c.servingMethods.filter((m): m is ServingMethod =>
            (servingMethods as readonly string[]).includes(m),
          ),
          delivery_fee: c.deliveryFee,
          status: c.status as 'active' | 'disabled',
          accepting_orders: c.acceptingOrders,
          open_now: state.open,
          taking_orders_now: state.accepting_orders,
          timezone: c.timezone,
          business_date: today,
          day_closed: await repo.isDayClosed(db, tenantId, c.id, today),
        },
        pricing: { ...settings, service_charge_methods: [...settings.service_charge_methods] },
        receipt: {
          business_name: c.tenantName,
          legal_name: c.legalName,
          sst_registration_no: c.sstRegistrationNo,
          tin: c.tin,
          brn: c.brn,
        },
      };
    },

    /** POST /api/orders: a paid counter sale, straight into PENDING (DESIGN §4). */
    async create(
      ctx: AuthedContext,
      input: OrderCreate,
      idempotencyKey: string | null,
    ): Promise<Order> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      if (bound && bound !== input.outlet_id) throw new AppError('not_found');
      const at = now();
      const productIds = [...new Set(input.items.map((i) => i.product_id))];
      const closuresFrom = addDays(at.toISOString().slice(0, 10), -2);
      const context = await repo.saleContext(
        db,
        tenantId,
        input.outlet_id,
        ctx.principal.userId,
        closuresFrom,
        productIds,
      );
      if (!context) throw new AppError('not_found');
      const catalogue = context.catalogue;
      const outsideHours = checkOutlet(context, input, at);
      const today = businessDate(at, context.timezone, context.cutoffHour);
      const lines = resolveCart(input.items, new Map(catalogue.map((p) => [p.id, p])), today);
      const priced = priceOrder({
        lines: lines.map((l) => l.pricing),
        discount: input.discount,
        serving_method: input.serving_method,
        delivery_fee: context.deliveryFee,
        // Cash rounding only when the whole bill is cash (decision: a split is never rounded).
        paid_in_cash: input.payments.every((p) => p.method === 'cash'),
        settings: pricingSettings(context),
      });
      const payments = checkPayments(input, priced.total);
      const methods = [...new Set(payments.map((p) => p.method))];
      const unsold = catalogue.filter((p) => !p.hasSales).map((p) => p.id);
      const staffName = context.staffName ?? ctx.principal.username;

      // Everything of the sale is known before it is written (ids too), so writing it is one
      // statement: number, order, lines, payments, history, audit, notification, live event.
      const orderId = randomUUID();
      const order: Omit<repo.OrderRow, 'seq' | 'orderNo'> = {
        id: orderId,
        tenantId,
        outletId: context.id,
        businessDate: today,
        source: 'pos-apps',
        servingMethod: input.serving_method,
        tableNo: input.serving_method === 'dine_in' ? input.table_no || null : null,
        deliveryAddress:
          input.serving_method === 'delivery' ? input.delivery_address || null : null,
        customerName: input.customer_name || null,
        customerPhone: input.customer_phone || null,
        notes: input.notes || null,
        staffId: ctx.principal.userId,
        staffName,
        status: 'PENDING',
        subtotal: priced.subtotal,
        discount: priced.discount,
        serviceCharge: priced.service_charge,
        serviceTax: priced.service_tax,
        deliveryFee: priced.delivery_fee,
        rounding: priced.rounding,
        total: priced.total,
        paid: priced.total,
        changeDue: payments.reduce((sum, p) => sum + p.changeGiven, 0),
        refunded: 0,
        refundDue: 0,
        paymentMethods: methods,
        outsideHours,
        idempotencyKey,
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
      const paymentRows: repo.OrderPaymentRow[] = payments.map((p) => ({
        ...p,
        id: randomUUID(),
        tenantId,
        orderId,
        status: 'paid',
        createdAt: at,
      }));
      const history: repo.OrderHistoryRow = {
        id: randomUUID(),
        tenantId,
        orderId,
        fromStatus: null,
        toStatus: 'PENDING',
        byUserId: ctx.principal.userId,
        byName: staffName,
        reason: outsideHours
          ? orderSystemReasons.paidAtCounterOutsideHours
          : orderSystemReasons.paidAtCounter,
        at,
      };

      try {
        // One statement: the sale with its audit entry and live event commits whole or not at all.
        const numbered = await repo.recordSale(db, {
          order,
          outletCode: context.code,
          items,
          payments: paymentRows,
          history,
          notification: announce
            ? {
                titlePrefix: 'New order ',
                body: `${orderVia('pos-apps')} · ${servingLabel(input.serving_method)}${
                  order.tableNo ? ` · table ${order.tableNo}` : ''
                } · ${ringgit(priced.total)}`,
                titleKey: 'posSale',
                params: {
                  serving_method: input.serving_method,
                  table_no: order.tableNo,
                  total: priced.total,
                },
              }
            : null,
          // The statement adds the order number to `after`.
          audit: auditRow(ctx, {
            action: 'order.create',
            entity: 'order',
            entityId: orderId,
            after: {
              outlet_id: context.id,
              business_date: today,
              status: 'PENDING',
              serving_method: input.serving_method,
              items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
              total: priced.total,
              rounding: priced.rounding,
              payments: payments.map((p) => ({ method: p.method, amount: p.amount })),
              outside_hours: outsideHours,
            },
          }),
          liveEvent: announce,
          firstSoldProductIds: unsold,
        });
        if (!numbered) {
          throw new AppError('day_closed', {
            message: `${context.name} has closed business day ${today}; sales resume on the next business day`,
          });
        }
        const { seq, orderNo } = numbered;
        return toOrder(
          { ...order, seq, orderNo },
          context.name,
          { items, payments: paymentRows, history: [history] },
          ctx.principal,
          receiptOf(context),
        );
      } catch (error) {
        if (idempotencyKey && uniqueViolation(error) === 'orders_tenant_idempotency_key_unique') {
          const existing = await repo.findByIdempotencyKey(db, tenantId, idempotencyKey);
          throw new AppError('order_already_exists', {
            message: existing
              ? `This sale was already recorded as order ${existing.orderNo}`
              : undefined,
          });
        }
        throw error;
      }
    },

    /** POST /api/orders/{id}/status: only the moves of DESIGN §4 that staff make by hand. */
    async moveStatus(
      ctx: AuthedContext,
      id: string,
      move: { status: OrderStatus; reason?: string | undefined },
    ): Promise<Order> {
      await this.move(ctx, id, move);
      return this.get(ctx, id);
    },

    /** The move itself, without reading the order back (the demo seed makes hundreds). */
    async move(
      ctx: AuthedContext,
      id: string,
      move: { status: OrderStatus; reason?: string | undefined },
    ) {
      const { tenantId, order, callerName } = await requireVisible(ctx, id);
      const from = order.status as OrderStatus;
      const to = move.status;
      const refuse = (message: string) => new AppError('invalid_status_transition', { message });
      if (!canMoveOrder(from, to)) {
        throw refuse(`An order that is ${from} cannot move to ${to}`);
      }
      if (!STAFF_MOVES.includes(to)) {
        throw refuse(
          to === 'CLOSED'
            ? 'Orders are closed by closing the day'
            : 'An order becomes PENDING when it is paid',
        );
      }
      const at = now();
      const reason = move.reason || null;
      const byName = callerName ?? ctx.principal.username;
      const verbs = { APPROVED: 'accepted', COMPLETED: 'ready', REJECTED: 'rejected' } as const;
      const keys = {
        APPROVED: 'orderAccepted',
        COMPLETED: 'orderReady',
        REJECTED: 'orderRejected',
      } as const;
      // One statement: the move with its history, audit entry, notification and live event.
      const moved = await repo.recordMove(db, {
        tenantId,
        orderId: id,
        outletId: order.outletId,
        from,
        to,
        at,
        byUserId: ctx.principal.userId,
        byName,
        reason,
        // The statement adds refund_due when a rejected order is owed one.
        audit: auditRow(ctx, {
          action: 'order.status',
          entity: 'order',
          entityId: id,
          before: { status: from },
          after: { status: to, reason },
        }),
        notification: announce
          ? {
              verb: verbs[to as keyof typeof verbs],
              body: reason ? `${byName}: ${reason}` : `by ${byName}`,
              titleKey: keys[to as keyof typeof keys],
              params: { by: byName, reason },
            }
          : null,
        liveEvent: announce,
      });
      // Someone else moved it first: their move stands, this one is refused like any other.
      if (!moved) throw refuse('The order has just been moved by someone else; reload it');
      return { tenantId };
    },

    /** GET /api/orders/outlets: the outlets whose orders the caller reads. */
    outlets: (ctx: AuthedContext): Promise<OrderOutlet[]> => readableOutletsOf(db, ctx),

    async list(ctx: AuthedContext, q: OrderListQuery) {
      const tenantId = tenantIdOf(ctx);
      const { rows, total } = await repo.listPage(
        db,
        tenantId,
        await listFilter(ctx, tenantId, q),
        parseSort(q.sort),
        q.page_size,
        offsetOf(q),
      );
      return { data: rows.map(toSummary), meta: listMeta(q, total) };
    },

    async get(ctx: AuthedContext, id: string): Promise<Order> {
      const { tenantId, order, outletName, receipt } = await requireVisible(ctx, id);
      const details = await repo.detailsOf(db, tenantId, id);
      return toOrder(order, outletName, details, ctx.principal, receiptOf(receipt));
    },

    /** The list's filters, every row (up to 50,000, else export_too_large), as CSV. */
    async exportCsv(ctx: AuthedContext, q: OrderExportQuery) {
      const tenantId = tenantIdOf(ctx);
      const rows = await repo.exportRows(
        db,
        tenantId,
        await listFilter(ctx, tenantId, q),
        parseSort(q.sort),
        exportMaxRows + 1,
      );
      if (rows.length > exportMaxRows) {
        throw new AppError('export_too_large', {
          message: `More than ${exportMaxRows.toLocaleString('en')} orders match. Narrow the dates or filters and export again.`,
        });
      }
      // The screen's language when the web says it, else the one the user saved.
      const locale =
        q.lang ??
        localeSchema.catch(defaultLocale).parse(await repo.userLanguage(db, ctx.principal.userId));
      const stamp = businessDate(now(), 'Asia/Kuala_Lumpur', 0).replaceAll('-', '');
      return { filename: `orders-${stamp}.csv`, body: ordersCsv(rows, locale) };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
