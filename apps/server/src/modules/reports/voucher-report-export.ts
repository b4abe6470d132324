import {
  sumVoucherFigures,
  discountGiven,
  type Locale,
  localizedName,
  type ReportFileColumn,
  type ReportFileLabels,
  type SalesReport,
  type VoucherFigures,
  voucherSales,
} from '@kopi/contract';

// The sales report by voucher as a table (report-export.ts writes it to CSV or XLSX): a row per
// voucher with every campaign's redemptions ("All"), then, when a campaign issued any of its
// codes, a row per campaign of it ("No campaign" for the others), then the
// total of the vouchers. Figures as the screen shows them (decision 053): redemptions, given
// back, discount given and sales with a voucher after refunds; amounts in ringgit.

type Cell = string | number;
type VoucherReport = Extract<SalesReport, { group_by: 'voucher' }>;

const money = (sen: number) => Number((sen / 100).toFixed(2));
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const text = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const figureColumns = [
  'redemptions',
  'returned',
  'discount_given',
  'voucher_sales',
] as const satisfies readonly ReportFileColumn[];
const cells = (f: VoucherFigures): Cell[] => [
  f.redemptions,
  f.returned,
  money(discountGiven(f)),
  money(voucherSales(f)),
];

export function voucherTable(report: VoucherReport, labels: ReportFileLabels, locale: Locale) {
  const withPrevious = report.previous !== null;
  const columns: ReportFileColumn[] = [
    'voucher',
    'campaign',
    ...figureColumns,
    ...(withPrevious ? figureColumns.map((c) => `previous_${c}` as const) : []),
  ];
  const line = (
    voucher: string,
    campaign: string,
    current: VoucherFigures,
    previous: VoucherFigures | null,
  ) => [voucher, campaign, ...cells(current), ...(withPrevious && previous ? cells(previous) : [])];
  const rows: Cell[][] = [];
  for (const r of report.rows) {
    const voucher = text(localizedName(locale, r.label ?? r.key, r.label_my));
    rows.push(line(voucher, labels.allCampaigns, r.current, r.previous));
    // A voucher no campaign issued needs no split.
    if (r.campaigns.every((c) => c.key === null)) continue;
    for (const c of r.campaigns) {
      const campaign =
        c.key === null
          ? labels.noCampaign
          : text(localizedName(locale, c.label ?? c.key, c.label_my));
      rows.push(line(voucher, campaign, c.current, c.previous));
    }
  }
  rows.push(
    line(
      labels.total,
      '',
      sumVoucherFigures(report.rows.map((r) => r.current)),
      withPrevious ? sumVoucherFigures(report.rows.map((r) => r.previous ?? r.current)) : null,
    ),
  );
  return { columns, rows };
}
