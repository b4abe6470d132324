import { isoDate, localParts, orderVia } from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import type { exportRows } from './orders.repo';

// The order list as CSV: one row per order, amounts in ringgit with two decimals (as a spreadsheet
// user types them), times in the outlet's own time zone.

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

export const orderExportColumns = [
  'order_no',
  'business_date',
  'created_at',
  'outlet',
  'via',
  'source',
  'serving_method',
  'table_no',
  'customer_name',
  'customer_phone',
  'payment_methods',
  'status',
  'subtotal',
  'discount',
  'service_charge',
  'service_tax',
  'delivery_fee',
  'rounding',
  'total',
  'paid',
  'refunded',
  'staff',
] as const;

const money = (sen: number) => (sen / 100).toFixed(2);
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function localTime(at: Date, timeZone: string) {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${isoDate(p.year, p.month, p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

export function ordersCsv(rows: ExportRow[]): string {
  return stringify(
    rows.map((r) => [
      r.orderNo,
      r.businessDate,
      localTime(r.createdAt, r.timezone),
      text(r.outletName),
      orderVia(r.source),
      r.source,
      r.servingMethod,
      text(r.tableNo),
      text(r.customerName),
      text(r.customerPhone),
      r.paymentMethods.join(' + '),
      r.status,
      money(r.subtotal),
      money(r.discount),
      money(r.serviceCharge),
      money(r.serviceTax),
      money(r.deliveryFee),
      money(r.rounding),
      money(r.total),
      money(r.paid),
      money(r.refunded),
      text(r.staffName),
    ]),
    { header: true, columns: [...orderExportColumns], bom: true },
  );
}
