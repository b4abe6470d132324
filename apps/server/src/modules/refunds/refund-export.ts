import {
  type Locale,
  type PaymentMethod,
  type RefundFileColumn,
  refundFileColumns,
  refundFileLabels,
  type RefundMethod,
  type RefundReason,
  type RefundStatus,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { dateCell, localTimeCell, moneyCell, textCell } from '../../lib/csv-cells';
import type { exportRows } from './refunds.repo';

// The refund list as CSV in the requester's language, written like the order export.

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

export function refundsCsv(rows: ExportRow[], locale: Locale): string {
  const labels = refundFileLabels[locale];
  const label = <K extends string>(names: Record<K, string>, code: string | null) =>
    code === null ? '' : (names[code as K] ?? code);
  const cells: Record<RefundFileColumn, (r: ExportRow) => string> = {
    refund_no: (r) => r.refund.refundNo,
    created_at: (r) => localTimeCell(r.refund.createdAt, r.timezone),
    outlet: (r) => textCell(r.outletName),
    order_no: (r) => r.orderNo,
    order_date: (r) => dateCell(r.orderDate),
    status: (r) => label<RefundStatus>(labels.statuses, r.refund.status),
    method: (r) => label<RefundMethod>(labels.methods, r.refund.method),
    payment_method: (r) => label<PaymentMethod>(labels.paymentMethods, r.refund.paymentMethod),
    amount: (r) => moneyCell(r.refund.amount),
    reason: (r) => label<RefundReason>(labels.reasons, r.refund.reason),
    requested_by: (r) => textCell(r.refund.requestedByName),
    approved_by: (r) => textCell(r.refund.approvedByName),
    business_date: (r) => (r.refund.businessDate ? dateCell(r.refund.businessDate) : ''),
  };
  // The BOM tells Excel the file is UTF-8.
  return stringify(
    [
      refundFileColumns.map((c) => labels.columns[c]),
      ...rows.map((r) => refundFileColumns.map((c) => cells[c](r))),
    ],
    { bom: true },
  );
}
