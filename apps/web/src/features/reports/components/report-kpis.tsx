import Grid from '@mui/material/Grid';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { netAfterRefunds, type SalesFigures } from '@kopi/contract';
import { KpiCard } from '../../../components/kpi-card';
import { formatCompactNumber, formatMoney } from '../../../lib/formatters';
import { averageTicket, percentChange } from '../../../lib/percent-change';
import { useReportStrings } from '../i18n';

/**
 * Net sales, orders, average ticket, refunds and net after refunds of the range, against the
 * previous period.
 */
export function ReportKpis({
  current,
  previous,
  loading,
}: {
  current: SalesFigures | undefined;
  previous: SalesFigures | null | undefined;
  loading: boolean;
}) {
  const { t } = useReportStrings();
  const cards = [
    {
      id: 'net',
      label: t('kpi.net'),
      icon: <PaymentsOutlined fontSize="small" />,
      value: (f: SalesFigures) => f.net,
      format: formatMoney,
    },
    {
      id: 'orders',
      label: t('kpi.orders'),
      icon: <ReceiptLongOutlined fontSize="small" />,
      value: (f: SalesFigures) => f.orders,
      format: (n: number) => formatCompactNumber(n),
    },
    {
      id: 'average-ticket',
      label: t('kpi.averageTicket'),
      icon: <ShoppingBasketOutlined fontSize="small" />,
      value: (f: SalesFigures) => averageTicket(f.net, f.orders),
      format: formatMoney,
    },
    {
      id: 'refunds',
      label: t('kpi.refunds'),
      icon: <ReplayOutlined fontSize="small" />,
      value: (f: SalesFigures) => f.refunds,
      format: formatMoney,
      invert: true,
    },
    {
      id: 'net-after-refunds',
      label: t('kpi.netAfterRefunds'),
      icon: <SavingsOutlined fontSize="small" />,
      value: netAfterRefunds,
      format: formatMoney,
    },
  ];
  return (
    <Grid container spacing={2} data-testid="report-kpis">
      {cards.map((card) => {
        const now = current ? card.value(current) : 0;
        const before = previous ? card.value(previous) : null;
        return (
          <Grid key={card.id} size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
            <KpiCard
              testId={`report-kpi-${card.id}`}
              label={card.label}
              icon={card.icon}
              value={card.format(now)}
              loading={loading}
              invert={card.invert}
              change={before === null ? null : percentChange(now, before)}
              caption={
                before === null ? undefined : t('kpi.previous', { value: card.format(before) })
              }
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
