import {
  isRinggitColumn,
  type Locale,
  localizedName,
  netAfterRefunds,
  netSales,
  taxTotal,
  type OrderSource,
  type ProductFigures,
  type RefundPaidBy,
  type ReportFileColumn,
  type ReportFileLabels,
  reportFileLabels,
  type SalesFigures,
  salesFigureKeys,
  type SalesReport,
  type ServingMethod,
  type WalletFigures,
  walletFiguresSchema,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { voucherTable } from './voucher-report-export';

// A sales report as a table: a header row, one row per group, then the total, in the requester's
// language with the words the /report table uses (reportFileLabels). Amounts are in ringgit with
// two decimals (what a spreadsheet user types); counts stay whole numbers; business dates are
// written YYYY/MM/DD like the screen (SPEC §9). The compared period's figures sit beside the
// range's when the report has one. Net after refunds follows the refunds, as on the screen.

type Cell = string | number;

const money = (sen: number) => Number((sen / 100).toFixed(2));
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const dateCell = (iso: string | null) => (iso ? iso.replaceAll('-', '/') : '');

// The sales figures in DESIGN §3's order, with three worked out (not sent): net sales after the
// discounts, the tax total after SST, net after refunds after the refunds.
const derivedAfter = {
  discount: ['discount', 'net_sales'],
  service_tax: ['service_tax', 'tax_total'],
  refunds: ['refunds', 'net_after_refunds'],
} as const;
const salesColumns = salesFigureKeys.flatMap((c) =>
  c in derivedAfter ? derivedAfter[c as keyof typeof derivedAfter] : [c],
) satisfies readonly ReportFileColumn[];
const derivedFigures = {
  net_sales: netSales,
  tax_total: taxTotal,
  net_after_refunds: netAfterRefunds,
} as const;
const salesCells = (f: SalesFigures): Cell[] =>
  salesColumns.map((c) =>
    c in derivedFigures
      ? money(derivedFigures[c as keyof typeof derivedFigures](f))
      : isRinggitColumn(c)
        ? money(f[c as keyof SalesFigures])
        : f[c as keyof SalesFigures],
  );
const previousOf = <C extends string>(c: C) => `previous_${c}` as const;
const walletFigureKeys = walletFiguresSchema.keyof().options;
const isWalletCount = (key: keyof WalletFigures) => key === 'topups' || key === 'spends';

type PaymentReport = Extract<SalesReport, { group_by: 'payment_method' }>;
interface MethodFigures {
  payments: number;
  amount: number;
  refundCount: number;
  refunds: number;
}
const methodFigureColumns = [
  'payments',
  'amount',
  'refund_count',
  'refunds',
  'net_after_refunds',
] as const satisfies readonly ReportFileColumn[];
const methodCells = (f: MethodFigures): Cell[] => [
  f.payments,
  money(f.amount),
  f.refundCount,
  money(f.refunds),
  money(netAfterRefunds({ net: f.amount, refunds: f.refunds })),
];

/**
 * By payment method: what each method took, the refunds that went back by it in the period and
 * the difference, then a total whose net after refunds is the report's (Σ amount is net). A
 * method with refunds only (a bank transfer, or a method not paid with in the period) gets a row
 * of its own after the paid ones.
 */
function paymentMethodTable(report: PaymentReport, labels: ReportFileLabels) {
  const withPrevious = report.previous !== null;
  const columns: ReportFileColumn[] = [
    'payment_method',
    ...methodFigureColumns,
    ...(withPrevious ? methodFigureColumns.map(previousOf) : []),
  ];
  const refunds = report.refunds_by_method ?? [];
  const methods: RefundPaidBy[] = report.rows.map((r) => r.key);
  for (const r of refunds) if (!methods.includes(r.key)) methods.push(r.key);
  const figuresOf = (method: RefundPaidBy, period: 'current' | 'previous'): MethodFigures => {
    const paid = report.rows.find((r) => r.key === method)?.[period];
    const back = refunds.find((r) => r.key === method)?.[period];
    return {
      payments: paid?.payments ?? 0,
      amount: paid?.amount ?? 0,
      refundCount: back?.refunds ?? 0,
      refunds: back?.amount ?? 0,
    };
  };
  const totalOf = (period: 'current' | 'previous'): MethodFigures =>
    methods
      .map((m) => figuresOf(m, period))
      .reduce(
        (s, f) => ({
          payments: s.payments + f.payments,
          amount: s.amount + f.amount,
          refundCount: s.refundCount + f.refundCount,
          refunds: s.refunds + f.refunds,
        }),
        { payments: 0, amount: 0, refundCount: 0, refunds: 0 },
      );
  const line = (label: string, of: (period: 'current' | 'previous') => MethodFigures): Cell[] => [
    label,
    ...methodCells(of('current')),
    ...(withPrevious ? methodCells(of('previous')) : []),
  ];
  const rows = methods.map((m) => line(labels.refundMethods[m], (p) => figuresOf(m, p)));
  rows.push(line(labels.total, totalOf));
  return { columns, rows };
}

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
    money: columns.map(isRinggitColumn),
    sheet: labels.sheet,
  });

  if (report.group_by === 'payment_method') {
    const { columns, rows } = paymentMethodTable(report, labels);
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
      text(r.label === null ? r.key : localizedName(locale, r.label, r.label_my)),
      text(r.sku),
      ...figures(r.current),
      ...(r.previous ? figures(r.previous) : []),
    ]);
    return finish(columns, rows);
  }
  if (report.group_by === 'voucher') {
    const { columns, rows } = voucherTable(report, labels, locale);
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

/**
 * The wallets over the period (XLSX only: a CSV holds one table): one row per figure, this
 * period's value beside the previous one's; null when the report has no wallet section.
 */
export function walletTable(report: SalesReport, locale: Locale) {
  const labels = reportFileLabels[locale].wallet;
  const wallet = report.wallet;
  if (!wallet) return null;
  const header = [labels.figure, labels.current, ...(wallet.previous ? [labels.previous] : [])];
  const rows = walletFigureKeys.map((key) => {
    const cell = (f: WalletFigures) => (isWalletCount(key) ? f[key] : money(f[key]));
    return [
      labels.figures[key],
      cell(wallet.current),
      ...(wallet.previous ? [cell(wallet.previous)] : []),
    ];
  });
  return { sheet: labels.sheet, header, rows };
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
  const wallet = walletTable(report, locale);
  if (wallet) {
    const walletSheet = workbook.addWorksheet(wallet.sheet);
    walletSheet.columns = wallet.header.map((name, i) => ({
      header: name,
      width: i === 0 ? 36 : 18,
    }));
    wallet.rows.forEach((r, i) => {
      const added = walletSheet.addRow(r);
      if (!isWalletCount(walletFigureKeys[i]!)) added.numFmt = '0.00';
    });
    walletSheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
