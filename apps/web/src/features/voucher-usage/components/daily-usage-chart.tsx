import { discountGiven, voucherSales, type VoucherUsageDaily } from '@kopi/contract';
import { KopiBarChart } from '../../../components/charts/kopi-bar-chart';
import { formatMoney } from '../../../lib/formatters';
import { useVoucherUsageStrings } from '../i18n';
import { dayLabel } from '../usage-format';

// Loaded lazily by the daily view (the charts library is large): discount given and sales with a
// voucher of each day, in ringgit.

export function DailyUsageChart({ data }: { data: VoucherUsageDaily }) {
  const { t } = useVoucherUsageStrings();
  return (
    <KopiBarChart
      label={t('daily.chart')}
      testId="usage-daily-chart"
      categories={data.days.map((d) => dayLabel(d.date))}
      series={[
        {
          id: 'sales',
          label: t('figures.sales'),
          values: data.days.map((d) => voucherSales(d) / 100),
        },
        {
          id: 'discount',
          label: t('figures.discountGiven'),
          values: data.days.map((d) => discountGiven(d) / 100),
          muted: true,
        },
      ]}
      formatValue={(ringgit) => formatMoney(Math.round(ringgit * 100))}
    />
  );
}
