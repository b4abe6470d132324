import { useQuery, useQueryClient } from '@tanstack/react-query';
import { openOrderStatuses } from '@kopi/contract';
import type {
  ApprovalInput,
  ShiftSummary,
  MoneyWorking,
  Order,
  OrderExportQuery,
  OrderListQuery,
  OrderStatus,
  OrderSummary,
  ZReport,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { postOrderMove } from '../../lib/http/order-move';
import { fetchPage, usePagedQuery, type Page } from '../../lib/http/paged-list';
import { resourceKeys, useRecord } from '../../lib/http/resource-keys';
import { downloadFile, downloadInLanguage, screenLanguage } from '../../lib/http/transfer';

// /api/orders (subject order; status moves: update status-order; day close: close day-order).
export const orderKeys = {
  ...resourceKeys<OrderListQuery>('orders'),
  zReport: (outletId: string, date: string) =>
    [...orderKeys.all, 'z-report', outletId, date] as const,
  dayWorking: (outletId: string, date: string) =>
    [...orderKeys.all, 'z-report-working', outletId, date] as const,
};
// The outlet choices share the outlet screens' key, so a change there refreshes the filter here.

export type OrderPage = Page<OrderSummary>;

export const listOrders = (query: OrderListQuery): Promise<OrderPage> =>
  fetchPage('/orders', query);

/** A missing order is a page state (not found), not a toast. */
export const getOrder = (id: string) => http.get<Order>(`/orders/${id}`, { errorToast: 'silent' });

/** A wrong move (409) is toasted with the server's reason by the client. */
/** One move; with a manager's approval (a void of a paid order) the dialog shows a failure. */
export const moveOrderStatus = (
  id: string,
  status: OrderStatus,
  reason?: string,
  approval?: ApprovalInput,
) => postOrderMove(id, { status, reason, approval }, approval ? 'silent' : 'default');

/** A refusal (409 orders_still_open) is shown in the dialog with the open orders. */
export const closeDay = (outletId: string, businessDate: string) =>
  http.post<ZReport>(
    '/orders/close-day',
    { outlet_id: outletId, business_date: businessDate },
    // A refusal would only repeat; the server answers a closed day's kept report to a retry.
    { errorToast: 'silent', retries: 0 },
  );

/** 404 until the day is closed: shown in the dialog. */
/** A shift still open on the business day, as the day close names it: till, cashier, opened at. */
export interface DayOpenShift {
  till: string;
  cashier: string;
  at: string | null;
}

/**
 * The day's open shifts before the close is tried (read-shift; without it, or on a failure, none:
 * the close's own refusal lists them then).
 */
export async function dayOpenShifts(
  outletId: string,
  businessDate: string,
): Promise<DayOpenShift[]> {
  try {
    const rows = await http.get<ShiftSummary[]>('/shifts', {
      query: {
        outlet_id: outletId,
        status: 'open',
        from: businessDate,
        to: businessDate,
        page_size: 100,
      },
      errorToast: 'silent',
    });
    return (rows ?? []).map((s) => ({
      till: s.till_name,
      cashier: s.cashier_name ?? '',
      at: s.opened_at,
    }));
  } catch {
    return [];
  }
}

export const getZReport = (outletId: string, businessDate: string) =>
  http.get<ZReport>('/orders/z-reports', {
    query: { outlet_id: outletId, business_date: businessDate },
    errorToast: 'silent',
  });

/** The rows behind an outlet's day: the Z-report's working (decision 049). */
export const getDayWorking = (outletId: string, businessDate: string) =>
  http.get<MoneyWorking>('/orders/z-reports/working', {
    query: { outlet_id: outletId, business_date: businessDate },
  });

/** The same rows as CSV, in the screen's language. */
export const exportDayWorking = (outletId: string, businessDate: string) =>
  downloadFile(
    '/orders/z-reports/working/export',
    {
      outlet_id: outletId,
      business_date: businessDate,
      lang: screenLanguage(),
    },
    `z-report-working-${businessDate.replaceAll('-', '')}.csv`,
  );

export type OrderExportFilters = Omit<OrderExportQuery, 'lang'>;
/** The filtered list as CSV, in the screen's language (headers, statuses, methods). */
export const exportOrders = (filters: OrderExportFilters) =>
  downloadInLanguage('/orders/export', filters, 'orders.csv');

export const useOrders = (query: OrderListQuery) =>
  usePagedQuery(orderKeys.list(query), () => listOrders(query));

export const useOrder = (id: string | undefined) => useRecord(orderKeys, id, getOrder);

/** Loaded once a figure of the day's Z-report is opened (`enabled`); a closed day stays put. */
export function useDayWorking(outletId: string, businessDate: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.dayWorking(outletId, businessDate),
    queryFn: () => getDayWorking(outletId, businessDate),
    enabled,
  });
}

export function useInvalidateOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}

/**
 * The ids of a day's open orders, by number: a refused day close lists numbers and statuses
 * only, and the dialog links each to its details. One page of 100 per open status.
 */
export async function openOrderIds(outletId: string, businessDate: string) {
  // Open orders of earlier days hold the day too; the server names those with their date.
  const pages = await Promise.all(
    openOrderStatuses.map((status) =>
      listOrders({ page: 1, page_size: 100, outlet: outletId, to: businessDate, status }),
    ),
  );
  const named = (o: { order_no: string; business_date: string }) =>
    o.business_date === businessDate
      ? o.order_no
      : `${o.order_no} (${o.business_date.replaceAll('-', '/')})`;
  return new Map(pages.flatMap((p) => p.rows.map((o) => [named(o), o.id] as const)));
}
