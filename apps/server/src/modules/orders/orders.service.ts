import {
  businessDate,
  messageKey,
  type Order,
  type OrderCreate,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderOutlet,
  type OrderStatusMove,
  orderSortKeys,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import type { ReadRouter } from '../../db/read-replica';
import type { Clock } from '../../lib/clock';
import { AppError, validationError } from '../../lib/errors';
import { exportLocale } from '../../lib/export-locale';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { readableOutletsOf } from '../../lib/scoped-outlets';
import { tenantIdOf } from '../../lib/caller-tenant';
import { type ApprovalService, verifyApproval } from '../approvals/approvals.service';
import type { PaymentCodeService } from '../loyalty/payment-codes.service';
import { loyaltyOfOrder } from '../loyalty/receipt-balances.service';
import type { ShiftService } from '../shifts/shifts.service';
import { orderVoucherOf } from '../vouchers/voucher-redemption.service';
import { createBoardService } from './board.service';
import { createHandedOverService } from './handed-over.service';
import { createNotCollectedService } from './not-collected.service';
import { createOrderCore, OrderAlreadyPlaced } from './order-core';
import { createOrderMove } from './order-move.service';
import { ordersCsv } from './order-export';
import * as customersRepo from './order-customers.repo';
import { toOrder, toSummary } from './order-view';
import * as repo from './orders.repo';
import { createPosService } from './pos.service';
import { toReceiptBusiness } from '../../db/receipt-business';

// Orders as staff work them: the counter sale (through the order core), status moves, the list,
// the details and the export. A move is written by one statement: the order, its history,
// notification, audit entry and live event commit together or not at all (see recordMove).

/**
 * Asks for the refunds a rejected paid order is owed, after the rejection commits (nothing when
 * nothing was paid). Until it has run, the order's refund_due shows what is owed.
 */
export type RefundOwedHook = (
  ctx: RequestContext,
  tenantId: string,
  orderId: string,
  byName: string,
  /** Only this payment, which arrived after the order stopped waiting for it. */
  latePayment?: { paymentId: string; amount: number },
) => Promise<unknown>;

export interface OrderServiceDeps {
  db: Db;
  now: Clock;
  /** The refunds service's refundOwed (modules reach each other through services). */
  onRefundOwed: RefundOwedHook;
  /**
   * Publish live events and notifications. Off only for the demo seed's back-filled history, which
   * nobody should be alerted about; every live path keeps it on.
   */
  announce?: boolean;
  /** The most rows an export writes; more is refused (tests lower it). */
  exportMaxRows?: number;
  /** Takes wallet payment codes at the counter (the loyalty module). */
  paymentCodes: PaymentCodeService;
  /**
   * The till and open shift a counter sale goes into (the shifts module); the demo seed's
   * back-filled history has none.
   */
  shifts: Pick<ShiftService, 'saleShift'>;
  /** A manager's PIN for a manual discount or the void of a paid order (decision 055). */
  approvals: ApprovalService;
  /** Where the list and its export read: a replica when one is set (db/read-replica.ts). */
  reads: ReadRouter;
}

const EXPORT_MAX_ROWS = 50_000;

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
  ...toReceiptBusiness(r),
  header: r.receiptHeader,
  footer: r.receiptFooter,
  header_my: r.receiptHeaderMy,
  footer_my: r.receiptFooterMy,
  logo_url: r.receiptLogoUrl,
});

export function createOrderService({
  db,
  now,
  announce = true,
  exportMaxRows = EXPORT_MAX_ROWS,
  onRefundOwed,
  paymentCodes,
  shifts,
  approvals,
  reads,
}: OrderServiceDeps) {
  const core = createOrderCore({ db, now, announce, paymentCodes });
  async function requireVisible(ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    const found = await repo.findById(db, tenantId, id, ctx.principal);
    if (!found) throw new AppError('not_found');
    return { tenantId, ...found };
  }

  /** The list's filter; an outlet that is not the tenant's is a 404, not an empty list. */
  async function listFilter(db: Db, ctx: AuthedContext, tenantId: string, q: OrderExportQuery) {
    const outletId = requestedOutlet(ctx, q);
    if (outletId && !ctx.principal.outletId && !(await repo.outletExists(db, tenantId, outletId))) {
      throw new AppError('not_found');
    }
    return filterOf(ctx, q, outletId);
  }

  async function orderOf(ctx: AuthedContext, id: string): Promise<Order> {
    const { tenantId, order, outletName, receipt } = await requireVisible(ctx, id);
    const [details, customerId, voucher] = await Promise.all([
      repo.detailsOf(db, tenantId, id),
      customersRepo.customerOfOrder(db, tenantId, id),
      orderVoucherOf(db, tenantId, id),
    ]);
    return {
      ...toOrder(
        order,
        outletName,
        details,
        ctx.principal,
        receiptOf(receipt),
        customerId,
        voucher,
      ),
      loyalty: await loyaltyOf(tenantId, customerId, id),
    };
  }

  const loyaltyOf = (tenantId: string, customerId: string | null, orderId: string) =>
    customerId ? loyaltyOfOrder(db, tenantId, customerId, orderId) : Promise.resolve(null);

  const handedOver = createHandedOverService({ db, now });
  const orderMove = createOrderMove({ db, now, announce, onRefundOwed, approvals, requireVisible });
  const notCollected = createNotCollectedService({ db, now });

  return {
    // GET /api/pos/context, /api/pos/outlets, /api/pos/menu and GET /api/orders/board live in
    // their own files.
    ...createPosService({ db, now }),
    ...createBoardService({ db, now }),

    /** POST /api/orders: a paid counter sale, straight into PENDING (DESIGN §4). */
    async create(
      ctx: AuthedContext,
      input: OrderCreate,
      idempotencyKey: string | null,
    ): Promise<Order> {
      const bound = ctx.principal.outletId;
      if (bound && bound !== input.outlet_id) throw new AppError('not_found');
      const drawer = await shifts.saleShift(ctx, input.outlet_id, input.till_id);
      // A manual discount without discount-order takes a manager's PIN, checked before the sale.
      const approved = input.manual_discount
        ? await verifyApproval(approvals, ctx, {
            action: 'manual_discount',
            outletId: input.outlet_id,
            approval: input.approval,
          })
        : null;
      const placed = await core
        .place(
          { channel: 'counter', ctx },
          {
            outletId: input.outlet_id,
            servingMethod: input.serving_method,
            items: input.items,
            tableNo: input.table_no ?? null,
            deliveryAddress: input.delivery_address ?? null,
            customerName: input.customer_name ?? null,
            customerPhone: input.customer_phone ?? null,
            customerId: input.customer_id ?? null,
            notes: input.notes ?? null,
            discount: input.discount,
            manualDiscount: input.manual_discount ?? null,
            manualDiscountApproval: approved && {
              record: (tx, orderId, detail) => approvals.record(tx, ctx, approved, orderId, detail),
            },
            voucherCode: input.voucher_code ?? null,
            payments: input.payments,
            allowOutsideHours: input.allow_outside_hours,
            idempotencyKey,
            tillId: drawer?.tillId ?? null,
            shiftId: drawer?.shiftId ?? null,
          },
        )
        .catch((error: unknown) => {
          // The cashier's own retry of a sale whose answer was lost gets that sale again.
          const existing = error instanceof OrderAlreadyPlaced ? error.existing : null;
          if (existing && existing.staffId === ctx.principal.userId) return existing.id;
          throw error;
        });
      if (typeof placed === 'string') return orderOf(ctx, placed);
      return {
        ...toOrder(
          placed.order,
          placed.outletName,
          placed.details,
          ctx.principal,
          receiptOf(placed.receipt),
          placed.customerId,
          placed.voucher,
        ),
        loyalty: await loyaltyOf(tenantIdOf(ctx), placed.customerId, placed.order.id),
      };
    },

    /** POST /api/orders/{id}/handed-over: the moment the customer got it, recorded once. */
    async handOver(ctx: AuthedContext, id: string): Promise<Order> {
      await handedOver.handOver(ctx, id);
      return orderOf(ctx, id);
    },

    /** POST /api/orders/{id}/not-collected: a manager clears a ready order never collected. */
    async notCollected(ctx: AuthedContext, id: string, reason: string): Promise<Order> {
      await notCollected.clear(ctx, id, reason);
      return orderOf(ctx, id);
    },

    /** POST /api/orders/{id}/status: only the moves of DESIGN §4 that staff make by hand. */
    async moveStatus(ctx: AuthedContext, id: string, move: OrderStatusMove): Promise<Order> {
      await orderMove.move(ctx, id, move, await orderMove.voidApproval(ctx, id, move));
      return this.get(ctx, id);
    },

    /** The move itself, without reading the order back (the demo seed makes hundreds). */
    move: orderMove.move,

    /** GET /api/orders/outlets: the outlets whose orders the caller reads. */
    outlets: (ctx: AuthedContext): Promise<OrderOutlet[]> => readableOutletsOf(db, ctx),

    async list(ctx: AuthedContext, q: OrderListQuery) {
      const tenantId = tenantIdOf(ctx);
      const sort = parseSort(q.sort);
      const { value, freshness } = await reads.read(ctx, async (from) =>
        repo.listPage(
          from,
          tenantId,
          await listFilter(from, ctx, tenantId, q),
          sort,
          q.page_size,
          offsetOf(q),
        ),
      );
      const meta = listMeta(q, value.total);
      return { data: value.rows.map(toSummary), meta: freshness ? { ...meta, freshness } : meta };
    },

    get: orderOf,

    /** The list's filters, every row (up to 50,000, else export_too_large), as CSV. */
    async exportCsv(ctx: AuthedContext, q: OrderExportQuery) {
      const tenantId = tenantIdOf(ctx);
      const sort = parseSort(q.sort);
      const { value: rows } = await reads.read(ctx, async (from) =>
        repo.exportRows(
          from,
          tenantId,
          await listFilter(from, ctx, tenantId, q),
          sort,
          exportMaxRows + 1,
        ),
      );
      if (rows.length > exportMaxRows) {
        throw new AppError('export_too_large', {
          message: `More than ${exportMaxRows.toLocaleString('en')} orders match. Narrow the dates or filters and export again.`,
        });
      }
      const locale = await exportLocale(db, ctx.principal.userId, q.lang);
      const stamp = businessDate(now(), 'Asia/Kuala_Lumpur', 0).replaceAll('-', '');
      return { filename: `orders-${stamp}.csv`, body: ordersCsv(rows, locale) };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
