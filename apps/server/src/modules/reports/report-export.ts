import type { SalesFigures, SalesReport } from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

// A sales report as a table: a header row, one row per group, then the total. Amounts are in
// ringgit with two decimals (what a spreadsheet user types); counts stay whole numbers. The
// compared period's figures sit beside the range's when the report has one.

type Cell = string | number;

const money = (sen: number) => Number((sen / 100).toFixed(2));
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const salesColumns = [
  'orders',
  'gross',
  'discount',
  'service_charge',
  'service_tax',
  'delivery_fee',
  'rounding',
  'net',
  'refunds',
  'rejected',
  'rejected_total',
] as const satisfies readonly (keyof SalesFigures)[];
const isCount = (c: string) => c === 'orders' || c === 'rejected' || c === 'payments' || c === 'quantity';
const salesCells = (f: SalesFigures): Cell[] =>
  salesColumns.map((c) => (isCount(c) ? f[c] : money(f[c])));

/** The report's table: header and rows of cells (money already in ringgit). */
export function reportTable(report: SalesReport): { header: string[]; rows: Cell[][]; money: boolean[] } {
  const withPrevious = report.previous !== null;
  if (report.group_by === 'payment_method') {
    const header = ['payment_method', 'payments', 'amount'];
    if (withPrevious) header.push('previous_payments', 'previous_amount');
    const rows: Cell[][] = report.rows.map((r) => [
      r.key,
      r.current.payments,
      money(r.current.amount),
      ...(r.previous ? [r.previous.payments, money(r.previous.amount)] : []),
    ]);
    return { header, rows, money: header.map((h) => h.endsWith('amount')) };
  }
  if (report.group_by === 'product') {
    const header = ['product', 'sku', 'quantity', 'gross'];
    if (withPrevious) header.push('previous_quantity', 'previous_gross');
    const rows: Cell[][] = report.rows.map((r) => [
      text(r.label ?? r.key),
      text(r.sku),
      r.current.quantity,
      money(r.current.gross),
      ...(r.previous ? [r.previous.quantity, money(r.previous.gross)] : []),
    ]);
    return { header, rows, money: header.map((h) => h.endsWith('gross')) };
  }
  const keyHeader = report.group_by === 'day' ? 'business_date' : report.group_by;
  const header = [keyHeader, ...salesColumns];
  if (withPrevious) {
    header.push(...salesColumns.map((c) => `previous_${c}`));
    if (report.group_by === 'day') header.splice(1, 0, 'previous_business_date');
  }
  const rows: Cell[][] = report.rows.map((r) => [
    text(r.label ?? r.key),
    ...(withPrevious && report.group_by === 'day' ? [r.previous_key ?? ''] : []),
    ...salesCells(r.current),
    ...(r.previous ? salesCells(r.previous) : []),
  ]);
  rows.push([
    'total',
    ...(withPrevious && report.group_by === 'day' ? [''] : []),
    ...salesCells(report.totals.current),
    ...(report.totals.previous ? salesCells(report.totals.previous) : []),
  ]);
  return {
    header,
    rows,
    money: header.map((h) => {
      const c = h.replace(/^previous_/, '');
      return (salesColumns as readonly string[]).includes(c) && !isCount(c);
    }),
  };
}

export function reportCsv(report: SalesReport): string {
  const { header, rows, money: isMoney } = reportTable(report);
  return stringify([
    header,
    ...rows.map((r) => r.map((c, i) => (isMoney[i] && typeof c === 'number' ? c.toFixed(2) : c))),
  ]);
}

export async function reportXlsx(report: SalesReport): Promise<Buffer> {
  const { header, rows, money: isMoney } = reportTable(report);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales');
  sheet.columns = header.map((key, i) => ({
    header: key,
    key,
    width: i === 0 ? 28 : 14,
    ...(isMoney[i] ? { style: { numFmt: '0.00' } } : {}),
  }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
