import { useQuery } from '@tanstack/react-query';
import {
  defaultLocale,
  localeSchema,
  type SalesReport,
  type SalesReportQuery,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { i18n } from '../../lib/i18n/i18n';
import { downloadFile } from '../../lib/http/transfer';

// /api/reports/sales (read-report) and its CSV/XLSX export. Outlet-bound staff are limited to
// their outlet by the server, whatever they send.

export type SalesReportRequest = Pick<SalesReportQuery, 'group_by' | 'from' | 'to'> & {
  outlet_id?: string;
};

export const reportKeys = {
  all: ['reports'] as const,
  sales: (query: SalesReportRequest) => [...reportKeys.all, 'sales', query] as const,
};

// Every view compares with the previous period (the API's default) and lists up to 100 products.
const requestQuery = (q: SalesReportRequest) => ({
  group_by: q.group_by,
  from: q.from,
  to: q.to,
  ...(q.outlet_id ? { outlet_id: q.outlet_id } : {}),
  compare: 'previous',
});

const localeOf = (language: string) => localeSchema.catch(defaultLocale).parse(language);

export const getSalesReport = (q: SalesReportRequest) =>
  http.get<SalesReport>('/reports/sales', { query: requestQuery(q) });

/**
 * The same report as a file, in the screen's language; the server names it
 * (sales-by-day-2026-03-01-2026-03-07.csv).
 */
export const exportSalesReport = (q: SalesReportRequest, format: 'csv' | 'xlsx') =>
  downloadFile(
    '/reports/sales/export',
    { ...requestQuery(q), format, lang: localeOf(i18n.language) },
    `sales-${q.group_by}-${q.from}-${q.to}.${format}`,
  );

export function useSalesReport(q: SalesReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.sales(q),
    queryFn: () => getSalesReport(q),
    enabled,
    // Keep the figures on screen while another range or outlet of the same view loads (another
    // view's rows have another shape: that one waits with a skeleton).
    placeholderData: (previous) => (previous?.group_by === q.group_by ? previous : undefined),
  });
}
