import {
  type Locale,
  type OrderSource,
  type ProductFigures,
  type ReportFileColumn,
  reportFileLabels,
  type SalesFigures,
  type SalesReport,
  type ServingMethod,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { salesFigureKeys } from '@kopi/contract';

// A sales report as a table: a header row, one row per group, then the total, in the requester's
// language with the words the /report table uses (reportFileLabels). Amounts are in ringgit with
// two decimals (what a spreadsheet user types); counts stay whole numbers; business dates are
// written YYYY/MM/DD like the screen (SPEC §9). The compared period's figures sit beside the
// range's when the report has one.

type Cell = string | number;

const money = (sen: number) => Number((sen / 100).toFixed(2));
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const dateCell = (iso: string | null) => (iso ? iso.replaceAll('-', '/') : '');

const salesColumns = salesFigureKeys satisfies readonly ReportFileColumn[];
const baseOf = (c: string) => c.replace(/^previous_/, '');
const isCount = (c: string) =>
  ['orders', 'rejected', 'payments', 'quantity', 'refunded_quantity'].includes(baseOf(c));
// Ringgit columns, by their code without the previous_ prefix.
const moneyColumns = new Set<string>([
  ...salesColumns.filter((c) => !isCount(c)),
  'amount',
  'refunded',
]);
const salesCells = (f: SalesFigures): Cell[] =>
  salesColumns.map((c) => (isCount(c) ? f[c] : money(f[c])));
const previousOf = <C extends string>(c: C) => `previous_${c}` as const;

export interface ReportFileTable {
  /** The columns' codes (business_date, orders, …), for code that needs to tell them apart. */
  columns: ReportFileColumn[];
  /** The header row: the columns' names in the file's language. */
  header: string[];
  rows: Cell[][];
  /** Which columns hold ringgit (two decimals). */
  money: boolean[];
  sheet: string;
}

/** The report's table in a language: header and rows of cells (money already in ringgit). */
export function reportTable(report: SalesReport, locale: Locale): ReportFileTable {
  const labels = reportFileLabels[locale];
  const withPrevious = report.previous !== null;
  const finish = (columns: ReportFileColumn[], rows: Cell[][]): ReportFileTable => ({
    columns,
    header: columns.map((c) => labels.columns[c]),
    rows,
    money: columns.map((c) => moneyColumns.has(baseOf(c))),
    sheet: labels.sheet,
  });

  if (report.group_by === 'payment_method') {
    const columns: ReportFileColumn[] = ['payment_method', 'payments', 'amount'];
    if (withPrevious) columns.push('previous_payments', 'previous_amount');
    const rows: Cell[][] = report.rows.map((r) => [
      labels.paymentMethods[r.key],
      r.current.payments,
      money(r.current.amount),
      ...(r.previous ? [r.previous.payments, money(r.previous.amount)] : []),
    ]);
    return finish(columns, rows);
  }
  if (report.group_by === 'product') {
    const columns: ReportFileColumn[] = [
      'product',
      'sku',
      'quantity',
      'gross',
      'refunded_quantity',
      'refunded',
    ];
    if (withPrevious) {
      columns.push(
        'previous_quantity',
        'previous_gross',
        'previous_refunded_quantity',
        'previous_refunded',
      );
    }
    const figures = (f: ProductFigures): Cell[] => [
      f.quantity,
      money(f.gross),
      f.refunded_quantity ?? 0,
      money(f.refunded ?? 0),
    ];
    const rows: Cell[][] = report.rows.map((r) => [
      text(r.label ?? r.key),
      text(r.sku),
      ...figures(r.current),
      ...(r.previous ? figures(r.previous) : []),
    ]);
    return finish(columns, rows);
  }
  const group = report.group_by;
  const keyOf = (key: string, label: string | null): string => {
    if (group === 'day') return dateCell(key);
    if (group === 'serving_method') return labels.servingMethods[key as ServingMethod] ?? key;
    if (group === 'source') return labels.sources[key as OrderSource] ?? key;
    return text(label ?? key);
  };
  const byDay = withPrevious && group === 'day';
  const columns: ReportFileColumn[] = [
    group === 'day' ? 'business_date' : group,
    ...(byDay ? (['previous_business_date'] as const) : []),
    ...salesColumns,
    ...(withPrevious ? salesColumns.map(previousOf) : []),
  ];
  const rows: Cell[][] = report.rows.map((r) => [
    keyOf(r.key, r.label),
    ...(byDay ? [dateCell(r.previous_key)] : []),
    ...salesCells(r.current),
    ...(r.previous ? salesCells(r.previous) : []),
  ]);
  rows.push([
    labels.total,
    ...(byDay ? [''] : []),
    ...salesCells(report.totals.current),
    ...(report.totals.previous ? salesCells(report.totals.previous) : []),
  ]);
  return finish(columns, rows);
}

// A byte order mark tells Excel the file is UTF-8 (Malay labels, names like "Kopi Ō"); without
// it Excel reads the bytes in the machine's ANSI code page.
const BOM = '\uFEFF';

export function reportCsv(report: SalesReport, locale: Locale): string {
  const { header, rows, money: isMoney } = reportTable(report, locale);
  return (
    BOM +
    stringify([
      header,
      ...rows.map((r) => r.map((c, i) => (isMoney[i] && typeof c === 'number' ? c.toFixed(2) : c))),
    ])
  );
}

export async function reportXlsx(report: SalesReport, locale: Locale): Promise<Buffer> {
  const { header, rows, money: isMoney, sheet: sheetName } = reportTable(report, locale);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((name, i) => ({
    header: name,
    width: i === 0 ? 28 : Math.max(14, name.length + 2),
    ...(isMoney[i] ? { style: { numFmt: '0.00' } } : {}),
  }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
