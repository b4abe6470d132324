import { isRinggitColumn, type SalesReport } from '@kopi/contract';
import type { ReactNode } from 'react';
import type { useReportStrings } from '../i18n';

// The columns of the report table: their export names, headers and cells.

export type ReportRow = SalesReport['rows'][number];

export interface ReportColumn<R> {
  /** The export's column name. */
  id: ReportColumnId;
  header: string;
  numeric?: boolean;
  /** Shown only from this breakpoint up (1280 / 1920 px). */
  from?: 'lg' | 'xl';
  cell: (row: R, index: number) => ReactNode;
  total?: ReactNode;
}

export type ReportT = ReturnType<typeof useReportStrings>['t'];

// Each column's header key; the export writes the same words (reportFileLabels in the contract,
// held together by export-labels.test.ts).
const headerKeys = {
  business_date: 'table.date',
  outlet: 'table.outlet',
  payment_method: 'table.paymentMethod',
  product: 'table.product',
  sku: 'table.sku',
  serving_method: 'table.servingMethod',
  source: 'table.source',
  orders: 'table.orders',
  gross: 'table.gross',
  discount: 'table.discount',
  net_sales: 'table.netSales',
  service_charge: 'table.serviceCharge',
  service_tax: 'table.sst',
  tax_total: 'table.taxTotal',
  delivery_fee: 'table.deliveryFee',
  rounding: 'table.rounding',
  net: 'table.net',
  refunds: 'table.refunds',
  net_after_refunds: 'table.netAfterRefunds',
  refund_count: 'table.refundCount',
  previous_refund_count: 'table.previousRefundCount',
  previous_refunds: 'table.previousRefunds',
  previous_net: 'table.previousNet',
  payments: 'table.payments',
  amount: 'table.amount',
  share: 'table.share',
  previous_payments: 'table.previousPayments',
  previous_amount: 'table.previousAmount',
  rank: 'table.rank',
  quantity: 'table.quantity',
  previous_quantity: 'table.previousQuantity',
  previous_gross: 'table.previousGross',
  voucher: 'table.voucher',
  redemptions: 'table.redemptions',
  returned: 'table.returned',
  discount_given: 'table.discountGiven',
  voucher_sales: 'table.voucherSales',
  previous_discount_given: 'table.previousDiscountGiven',
  change: 'table.change',
} as const satisfies Record<string, Parameters<ReportT>[0]>;
export type ReportColumnId = keyof typeof headerKeys;
export const reportColumnIds = Object.keys(headerKeys) as ReportColumnId[];

/** A column's header: its name, and "(RM)" after the money columns' (amounts are ringgit). */
export function columnHeader(t: ReportT, id: ReportColumnId): string {
  const label = t(headerKeys[id]);
  return isRinggitColumn(id) ? t('table.inRinggit', { label }) : label;
}
