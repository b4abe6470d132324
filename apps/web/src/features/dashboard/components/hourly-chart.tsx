import type { Dashboard } from '@kopi/contract';
import { KopiBarChart } from '../../../components/charts/kopi-bar-chart';
import { formatMoney } from '../../../lib/formatters';
import { useDashboardStrings } from '../i18n';

// Loaded lazily by the dashboard (the charts library is large; the greeting must not wait).

/** "04:00" … "03:00": the business day's hours from its cut-off, as the API lists them. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function HourlyChart({
  hours,
  compareLabel,
}: {
  hours: Dashboard['by_hour'];
  compareLabel: string;
}) {
  const { t } = useDashboardStrings();
  return (
    <KopiBarChart
      label={t('hourly.chart')}
      testId="dashboard-hourly-chart"
      categories={hours.map((h) => hourLabel(h.hour))}
      series={[
        { id: 'today', label: t('hourly.today'), values: hours.map((h) => h.net / 100) },
        {
          id: 'compare',
          label: compareLabel,
          values: hours.map((h) => h.compare_net / 100),
          muted: true,
        },
      ]}
      height={280}
      formatValue={(ringgit) => formatMoney(Math.round(ringgit * 100))}
    />
  );
}
