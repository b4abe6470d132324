import type { SalesReport } from '@kopi/contract';
import { KopiBarChart } from '../../../components/charts/kopi-bar-chart';
import { formatMoney } from '../../../lib/formatters';
import { useReportStrings } from '../i18n';
import { chartModel } from '../report-model';
import type { ReportView } from '../report-params';

// Loaded lazily by the report page (the charts library is large): each view's figure as bars,
// this period beside the previous one.

export function ReportChart({
  report,
  view,
  labelOf,
}: {
  report: SalesReport;
  view: ReportView;
  labelOf: (row: SalesReport['rows'][number]) => string;
}) {
  const { t } = useReportStrings();
  const model = chartModel(report, labelOf);
  const horizontal = report.group_by !== 'day';
  const series = [
    { id: 'current', label: t('chart.current'), values: model.current },
    ...(model.previous
      ? [{ id: 'previous', label: t('chart.previous'), values: model.previous, muted: true }]
      : []),
  ];
  return (
    <KopiBarChart
      label={t(`chart.${view}`)}
      testId="report-chart"
      categories={model.categories}
      series={series}
      horizontal={horizontal}
      // Room for every bar pair of a long list of names.
      height={horizontal ? Math.max(220, 64 + model.categories.length * 44) : 300}
      categoryWidth={report.group_by === 'product' ? 150 : 120}
      formatValue={(ringgit) => formatMoney(Math.round(ringgit * 100))}
    />
  );
}
