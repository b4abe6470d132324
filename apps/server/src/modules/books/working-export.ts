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
  const rows: Row[] = [
    ...w.orders.map((o) => ({
      record: labels.records.order,
      counts_as: labels.countsAs[o.counts_as],
      number: o.order_no,
      order_no: o.order_no,
      order_date: dateCell(o.business_date),
      counts_on: dateCell(o.business_date),
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
      record: labels.records.payment,
      counts_as: labels.countsAs[p.counts_as],
      number: p.order_no,
      order_no: p.order_no,
      order_date: dateCell(p.business_date),
      counts_on: dateCell(p.business_date),
      method: method(p.method),
      amount: moneyCell(p.amount),
    })),
    ...w.refunds.map((r) => ({
      record: labels.records.refund,
      counts_as: labels.countsAs[r.counts_as],
      number: r.refund_no,
      order_no: r.order_no,
      order_date: dateCell(r.order_business_date),
      counts_on: dateCell(r.business_date),
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
