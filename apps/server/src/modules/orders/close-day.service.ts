import {
  datedOrderNo,
  businessDate,
  codedReason,
  messageKey,
  openOrderStatuses,
  paymentMethods,
  refundPaidByMethods,
  type ZReport,
  type Locale,
  type MoneyWorking,
  type ZReportShift,
  workingFigures,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit, auditRow } from '../../lib/audit';
import { exportLocale } from '../../lib/export-locale';
import type { Clock } from '../../lib/clock';
import { AppError, validationError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as books from '../books/books.service';
import { giveBackVouchers } from '../vouchers/voucher-redemption.service';
import * as repo from './close-day.repo';
import { outletClock } from './order-catalogue.repo';
import { inMethodOrder } from '../../lib/method-figures';

// The day close: refused while a paid order of the outlet's business day (or an earlier one) or a
// shift of the day is still open; otherwise COMPLETED → CLOSED and a Z-report kept, all in one
// transaction. Closing a closed day
// again answers the kept report, so a retry or a second tap is harmless.

function toReport(row: repo.ZReportRow, outletName: string, shifts: ZReportShift[]): ZReport {
  return {
    id: row.id,
    outlet_id: row.outletId,
    outlet_name: outletName,
    business_date: row.businessDate,
    closed_at: row.closedAt.toISOString(),
    closed_by: row.closedByName,
    orders: row.orders,
    rejected: row.rejected,
    subtotal: row.subtotal,
    discount: row.discount,
    service_charge: row.serviceCharge,
    service_tax: row.serviceTax,
    delivery_fees: row.deliveryFees,
    rounding: row.rounding,
    total: row.total,
    by_payment_method: inMethodOrder(row.byPaymentMethod, paymentMethods),
    refunds_by_method: inMethodOrder(row.refundsByMethod, refundPaidByMethods),
    refunds: row.refunds,
    voided: row.voided,
    voided_paid: row.voidedPaid,
    void_refunds: row.voidRefunds,
    cash_taken: row.cashTaken,
    cash_refunds: row.cashRefunds,
    expected_cash: row.expectedCash,
    shifts,
  };
}

/** Orders that hold a day open: paid and not yet handed over. */
const paidOpenStatuses = openOrderStatuses.filter((s) => s !== 'CREATED');

/** Thrown inside the transaction when another close won the race: answer its report. */
class AlreadyClosed extends Error {}

/** The shifts of an outlet's business day (the shifts module's dayShifts), read in `conn`. */
export type DayShifts = (
  tenantId: string,
  outletId: string,
  date: string,
  conn?: Db,
) => Promise<ZReportShift[]>;

const dated = (o: { orderNo: string; businessDate: string }, date: string) =>
  o.businessDate === date ? o.orderNo : datedOrderNo(o.orderNo, o.businessDate);

export function createCloseDayService({
  db,
  now,
  dayShifts,
}: {
  db: Db;
  now: Clock;
  dayShifts: DayShifts;
}) {
  async function requireOutlet(ctx: AuthedContext, outletId: string) {
    const tenantId = tenantIdOf(ctx);
    const bound = ctx.principal.outletId;
    const outlet = bound && bound !== outletId ? null : await outletClock(db, tenantId, outletId);
    if (!outlet) throw new AppError('not_found');
    return { tenantId, outlet };
  }

  async function storedReport(
    tenantId: string,
    outlet: { id: string; name: string },
    date: string,
  ) {
    const row = await repo.findReport(db, tenantId, outlet.id, date);
    return row ? toReport(row, outlet.name, await dayShifts(tenantId, outlet.id, date)) : null;
  }

  return {
    async closeDay(
      ctx: AuthedContext,
      input: { outlet_id: string; business_date: string },
    ): Promise<ZReport> {
      const { tenantId, outlet } = await requireOutlet(ctx, input.outlet_id);
      const date = input.business_date;
      const at = now();
      if (date > businessDate(at, outlet.timezone, outlet.cutoffHour)) {
        // A day that has not started cannot be closed (it would block its sales in advance).
        throw validationError([{ path: 'business_date', message: messageKey('invalid') }]);
      }
      const kept = await storedReport(tenantId, outlet, date);
      if (kept) return kept;

      const byName = (await repo.userName(db, ctx.principal.userId)) ?? ctx.principal.username;
      try {
        const row = await db.transaction(async (tx) => {
          if (await repo.lockDay(tx, tenantId, outlet.id, date)) throw new AlreadyClosed();
          // A paid order still open holds its day and every later one: once this day is closed,
          // nothing it holds can move a figure of it (decision 049). An app order still CREATED
          // was never paid: it is not a sale and must not hold the day open, so the close
          // expires it (REJECTED) instead of waiting for the customer.
          const open = await repo.openOrders(tx, tenantId, outlet.id, date, paidOpenStatuses);
          if (open.length > 0) {
            throw new AppError('orders_still_open', {
              message: `${open.length} order${open.length === 1 ? ' is' : 's are'} still open: ${open
                .slice(0, 10)
                .map((o) => dated(o, date))
                .join(', ')}${open.length > 10 ? ', …' : ''}. Complete or reject them first.`,
              details: open.map((o) => ({ path: dated(o, date), message: o.status })),
            });
          }
          // A shift still open pays cash in and out of its drawer on this day: each is named by
          // till, cashier and when it opened. A shift opening meanwhile waits for the day's row
          // this close holds, then finds the day closed and books on the next (decision 049).
          const shifts = (await dayShifts(tenantId, outlet.id, date, tx)).filter(
            (s) => s.status === 'open',
          );
          if (shifts.length > 0) {
            throw new AppError('shifts_still_open', {
              message: `${shifts.length} shift${shifts.length === 1 ? ' is' : 's are'} still open: ${shifts
                .map((s) => `${s.till_name} (${s.cashier_name ?? '?'})`)
                .join(', ')}. Close them first.`,
              details: shifts.map((s) => ({
                path: s.till_name,
                message: s.cashier_name ?? '',
                at: s.opened_at,
              })),
            });
          }
          const by = {
            tenantId,
            outletId: outlet.id,
            date,
            at,
            byUserId: ctx.principal.userId,
            byName,
          };
          // The unpaid orders' rows, then their vouchers' (given back, the tenant's setting),
          // before the move whose rollups take the live-event lock: the order a refund
          // completing on this day takes them in, after the day's counter row.
          const unpaid = await repo.lockUnpaid(tx, tenantId, outlet.id, date);
          await giveBackVouchers(tx, {
            tenantId,
            orderIds: unpaid,
            reason: codedReason('unpaid_at_day_close', {}),
            at,
            cause: auditRow(ctx, { action: 'order.close_day', entity: 'z_report' }),
          });
          const expired = await repo.moveDay(tx, {
            ...by,
            from: 'CREATED',
            to: 'REJECTED',
            reason: codedReason('unpaid_at_day_close', {}),
          });
          const closed = await repo.moveDay(tx, {
            ...by,
            from: 'COMPLETED',
            to: 'CLOSED',
            reason: codedReason('day_closed', {}),
          });
          // The sales figures as the report reads them; the drawer from the day's payment lines
          // and the refunds booked on it (voids' too: their money came in and goes back).
          const { totals, byMethod, refunds } = await books.daySales(tx, tenantId, outlet.id, date);
          const working = await books.working(tx, tenantId, { outletId: outlet.id, date }, true);
          const f = workingFigures({ ...working, movements: [] });
          const report = await repo.insertReport(tx, {
            tenantId,
            outletId: outlet.id,
            businessDate: date,
            closedAt: at,
            closedBy: ctx.principal.userId,
            closedByName: byName,
            orders: totals.orders!,
            rejected: totals.rejected!,
            subtotal: totals.subtotal!,
            discount: totals.discount!,
            serviceCharge: totals.service_charge!,
            serviceTax: totals.service_tax!,
            deliveryFees: totals.delivery_fees!,
            rounding: totals.rounding!,
            total: totals.total!,
            byPaymentMethod: byMethod,
            refundsByMethod: refunds,
            refunds: refunds.reduce((sum, m) => sum + m.amount, 0),
            voided: f.voided,
            voidedPaid: f.voided_paid,
            voidRefunds: f.void_refunds,
            cashTaken: f.drawer.cash_taken,
            cashRefunds: f.drawer.cash_refunds,
            expectedCash: f.drawer.expected,
          });
          await repo.markDayClosed(tx, tenantId, outlet.id, date, at);
          await audit.record(tx, ctx, {
            action: 'order.close_day',
            entity: 'z_report',
            entityId: report.id,
            after: {
              outlet_id: outlet.id,
              business_date: date,
              orders_closed: closed,
              unpaid_expired: expired,
              total: report.total,
              refunds: report.refunds,
              expected_cash: report.expectedCash,
            },
          });
          return report;
        });
        return toReport(row, outlet.name, await dayShifts(tenantId, outlet.id, date));
      } catch (error) {
        if (!(error instanceof AlreadyClosed)) throw error;
        const report = await storedReport(tenantId, outlet, date);
        if (!report) throw error;
        return report;
      }
    },

    /** GET /api/orders/z-reports/working: the rows behind an outlet's day, closed or not. */
    async working(
      ctx: AuthedContext,
      q: { outlet_id: string; business_date: string },
    ): Promise<MoneyWorking> {
      const { tenantId, outlet } = await requireOutlet(ctx, q.outlet_id);
      const w = await books.working(db, tenantId, { outletId: outlet.id, date: q.business_date });
      return { ...w, movements: [] };
    },

    /** The same rows as CSV. */
    async workingCsv(
      ctx: AuthedContext,
      q: { outlet_id: string; business_date: string; lang?: Locale | undefined },
    ) {
      const w = await this.working(ctx, q);
      const locale = await exportLocale(db, ctx.principal.userId, q.lang);
      return {
        filename: `z-report-working-${q.business_date.replaceAll('-', '')}.csv`,
        body: books.workingCsv(w, locale),
      };
    },

    async zReport(
      ctx: AuthedContext,
      q: { outlet_id: string; business_date: string },
    ): Promise<ZReport> {
      const { tenantId, outlet } = await requireOutlet(ctx, q.outlet_id);
      const report = await storedReport(tenantId, outlet, q.business_date);
      if (!report) throw new AppError('not_found', { message: 'This day has not been closed yet' });
      return report;
    },
  };
}

export type CloseDayService = ReturnType<typeof createCloseDayService>;
