import {
  discountGiven,
  type Locale,
  localizedName,
  redemptionsStanding,
  type VoucherFigures,
  type VoucherUsageDaily,
  type VoucherUsageOngoing,
  voucherDailyFileColumns,
  voucherOngoingFileColumns,
  voucherSales,
  voucherUsageFileLabels,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { dateCell, localTimeCell, textCell } from '../../lib/csv-cells';

// The voucher usage files, written like the sales report's (report-export.ts): a header row in
// the requester's language, one row per day or campaign, amounts in ringgit with two decimals,
// dates YYYY/MM/DD, times in the tenant's zone, text that cannot run as a formula. The same
// table goes to CSV (with a byte order mark, for Excel) or to an XLSX sheet.

type Cell = string | number;
interface Table {
  sheet: string;
  header: string[];
  rows: Cell[][];
  /** Which columns hold ringgit (two decimals in a CSV, a 0.00 format in XLSX). */
  money: boolean[];
}

const ringgit = (sen: number) => Number((sen / 100).toFixed(2));

const dailyCells = (f: VoucherFigures): Cell[] => [
  f.redemptions,
  f.returned,
  redemptionsStanding(f),
  ringgit(f.discount),
  ringgit(f.returned_discount),
  ringgit(discountGiven(f)),
  ringgit(f.sales),
  ringgit(f.refunds),
  ringgit(voucherSales(f)),
];
const dailyMoney = voucherDailyFileColumns.map(
  (c) => !['business_date', 'redemptions', 'returned', 'redemptions_standing'].includes(c),
);

export function dailyTable(data: VoucherUsageDaily, locale: Locale): Table {
  const labels = voucherUsageFileLabels[locale];
  return {
    sheet: labels.dailySheet,
    header: voucherDailyFileColumns.map((c) => labels.daily[c]),
    rows: [
      ...data.days.map((d) => [dateCell(d.date), ...dailyCells(d)]),
      [labels.total, ...dailyCells(data.totals)],
    ],
    money: dailyMoney,
  };
}

export function ongoingTable(rows: VoucherUsageOngoing[], locale: Locale, timezone: string): Table {
  const labels = voucherUsageFileLabels[locale];
  return {
    sheet: labels.ongoingSheet,
    header: voucherOngoingFileColumns.map((c) => labels.ongoing[c]),
    rows: rows.map((r) => [
      textCell(localizedName(locale, r.name_en, r.name_my)),
      textCell(localizedName(locale, r.voucher.name_en, r.voucher.name_my)),
      localTimeCell(new Date(r.starts_at), timezone),
      localTimeCell(new Date(r.ends_at), timezone),
      r.issued,
      r.redeemed,
      r.redemption_rate_bp === null ? '' : Number((r.redemption_rate_bp / 100).toFixed(2)),
      ringgit(r.discount_given),
      ringgit(r.sales),
      r.days_left,
    ]),
    money: voucherOngoingFileColumns.map((c) => c === 'discount_given' || c === 'voucher_sales'),
  };
}

export function tableCsv(t: Table): string {
  return stringify(
    [
      t.header,
      ...t.rows.map((r) =>
        r.map((c, i) => (t.money[i] && typeof c === 'number' ? c.toFixed(2) : c)),
      ),
    ],
    { bom: true },
  );
}

export async function tableXlsx(t: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.columns = t.header.map((name, i) => ({
    header: name,
    width: i === 0 ? 28 : Math.max(14, name.length + 2),
    ...(t.money[i] ? { style: { numFmt: '0.00' } } : {}),
  }));
  for (const r of t.rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function fileOf(t: Table, name: string, format: 'csv' | 'xlsx') {
  if (format === 'xlsx') {
    return {
      filename: `${name}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: await tableXlsx(t),
    };
  }
  return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: tableCsv(t) };
}

export const dailyFile = (data: VoucherUsageDaily, locale: Locale, format: 'csv' | 'xlsx') =>
  fileOf(dailyTable(data, locale), `voucher-usage-${data.from}-${data.to}`, format);

export const ongoingFile = (
  rows: VoucherUsageOngoing[],
  locale: Locale,
  format: 'csv' | 'xlsx',
  timezone: string,
  today: string,
) => fileOf(ongoingTable(rows, locale, timezone), `ongoing-campaigns-${today}`, format);
