import type { WalletLiability } from '@kopi/contract';
import { KopiBarChart } from '../../../components/charts/kopi-bar-chart';
import { formatMoney } from '../../../lib/formatters';
import { useWalletStrings } from '../i18n';

// Loaded lazily by the wallet page (the charts library is large): the outstanding balance at the
// end of each day, in ringgit.
export function LiabilityChart({ days }: { days: WalletLiability['days'] }) {
  const { t } = useWalletStrings();
  return (
    <KopiBarChart
      label={t('liability.chart')}
      testId="wallet-liability-chart"
      categories={days.map((d) => d.date.slice(5).replace('-', '/'))}
      series={[
        {
          id: 'outstanding',
          label: t('liability.series'),
          values: days.map((d) => d.outstanding / 100),
        },
      ]}
      height={260}
      formatValue={(ringgit) => formatMoney(Math.round(ringgit * 100))}
    />
  );
}
