import {
  type Locale,
  type MoneyWorking,
  type RefundPaidBy,
  type WorkingFileColumn,
  workingFileColumns,
  workingFileLabels,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { dateCell, moneyCell, textCell } from '../../lib/csv-cells';

// A Z-report's or shift report's working as CSV: every order, payment line, refund and cash
// movement behind its figures, one row each, with what it counts as, in the requester's language.

type Row = Partial<Record<WorkingFileColumn, string>>;

export function workingCsv(w: MoneyWorking, locale: Locale): string {
  const labels = workingFileLabels[locale];
  const method = (m: string) => labels.methods[m as RefundPaidBy] ?? m;
  /** The cells an order's, a payment's and a refund's rows start with: what it is, and its days. */
  const recordCells = (
    record: string,
    countsAs: keyof typeof labels.countsAs,
    number: string,
    orderNo: string,
    days: { order: string; countsOn: string },
  ): Row => ({
    record,
    counts_as: labels.countsAs[countsAs],
    number,
    order_no: orderNo,
    order_date: dateCell(days.order),
    counts_on: dateCell(days.countsOn),
  });
  /** An order's or a payment's first cells: numbered by its order, counted on its order's day. */
  const onOrderDay = (
    record: string,
    x: { counts_as: keyof typeof labels.countsAs; order_no: string; business_date: string },
  ) =>
    recordCells(record, x.counts_as, x.order_no, x.order_no, {
      order: x.business_date,
      countsOn: x.business_date,
    });
  const rows: Row[] = [
    ...w.orders.map((o) => ({
      ...onOrderDay(labels.records.order, o),
      amount: moneyCell(o.counts_as === 'sale' ? o.total : o.paid),
      subtotal: moneyCell(o.subtotal),
      discount: moneyCell(o.discount),
      service_charge: moneyCell(o.service_charge),
      service_tax: moneyCell(o.service_tax),
      delivery_fee: moneyCell(o.delivery_fee),
      rounding: moneyCell(o.rounding),
      total: moneyCell(o.total),
    })),
    ...w.payments.map((p) => ({
      ...onOrderDay(labels.records.payment, p),
      method: method(p.method),
      amount: moneyCell(p.amount),
    })),
    ...w.refunds.map((r) => ({
      ...recordCells(labels.records.refund, r.counts_as, r.refund_no, r.order_no, {
        order: r.order_business_date,
        countsOn: r.business_date,
      }),
      method: method(r.paid_by),
      amount: moneyCell(r.amount),
    })),
    ...w.movements.map((m) => ({
      record: labels.records.movement,
      method: labels.movements[m.kind],
      // The reason in words, then the cashier's note.
      number: textCell([labels.movementReasons[m.reason], m.note].filter(Boolean).join(' — ')),
      amount: moneyCell(m.amount),
    })),
  ];
  // The BOM tells Excel the file is UTF-8.
  return `\uFEFF${stringify([
    workingFileColumns.map((c) => labels.columns[c]),
    ...rows.map((r) => workingFileColumns.map((c) => r[c] ?? '')),
  ])}`;
}
