import {
  type Locale,
  type OrderFileColumn,
  orderFileColumns,
  orderFileLabels,
  type OrderStatus,
  orderVia,
  type PaymentMethod,
  type ServingMethod,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { dateCell, localTimeCell, moneyCell, textCell } from '../../lib/csv-cells';
import type { exportRows } from './orders.repo';

// The order list as CSV: one row per order in the requester's language, with the words the order
// screens use (orderFileLabels); amounts in ringgit with two decimals (as a spreadsheet user types
// them); dates YYYY/MM/DD and times in the outlet's own time zone, as the screens write them
// (SPEC §9).

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

const money = moneyCell;
const text = textCell;
const localTime = localTimeCell;

export function ordersCsv(rows: ExportRow[], locale: Locale): string {
  const labels = orderFileLabels[locale];
  // Codes a newer server might write are kept as they are rather than dropped.
  const label = <K extends string>(names: Record<K, string>, code: string) =>
    names[code as K] ?? code;
  const cells: Record<OrderFileColumn, (r: ExportRow) => string> = {
    order_no: (r) => r.orderNo,
    business_date: (r) => dateCell(r.businessDate),
    created_at: (r) => localTime(r.createdAt, r.timezone),
    outlet: (r) => text(r.outletName),
    via: (r) => labels.via[orderVia(r.source)],
    serving_method: (r) => label<ServingMethod>(labels.servingMethods, r.servingMethod),
    table_no: (r) => text(r.tableNo),
    customer_name: (r) => text(r.customerName),
    customer_phone: (r) => text(r.customerPhone),
    payment_methods: (r) =>
      r.paymentMethods.map((m) => label<PaymentMethod>(labels.paymentMethods, m)).join(' + '),
    status: (r) => label<OrderStatus>(labels.statuses, r.status),
    subtotal: (r) => money(r.subtotal),
    discount: (r) => money(r.discount),
    service_charge: (r) => money(r.serviceCharge),
    service_tax: (r) => money(r.serviceTax),
    delivery_fee: (r) => money(r.deliveryFee),
    rounding: (r) => money(r.rounding),
    total: (r) => money(r.total),
    paid: (r) => money(r.paid),
    refunded: (r) => money(r.refunded),
    staff: (r) => text(r.staffName),
  };
  // The BOM tells Excel the file is UTF-8 (Malay words, names like "Kopi Ō").
  return stringify(
    [
      orderFileColumns.map((c) => labels.columns[c]),
      ...rows.map((r) => orderFileColumns.map((c) => cells[c](r))),
    ],
    { bom: true },
  );
}
