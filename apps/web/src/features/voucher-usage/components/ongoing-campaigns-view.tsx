import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VoucherUsageOngoing } from '@kopi/contract';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { exportOngoing, useOngoingCampaigns } from '../api';
import { useVoucherUsageStrings } from '../i18n';
import { rateLabel } from '../usage-format';
import { ExportButtons } from './export-buttons';
import { UsageTable, type UsageColumn } from './usage-table';

/** Ongoing campaign: each campaign running now, with what it has done so far. */
export function OngoingCampaignsView({ timeZone }: { timeZone: string }) {
  const { t } = useVoucherUsageStrings();
  const nameOf = useLocalizedName();
  const ongoing = useOngoingCampaigns();

  const columns: UsageColumn<VoucherUsageOngoing>[] = [
    {
      id: 'campaign',
      header: t('ongoing.campaign'),
      cell: (c) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {nameOf(c.name_en, c.name_my)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {nameOf(c.voucher.name_en, c.voucher.name_my)}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'period',
      header: t('ongoing.period'),
      cell: (c) =>
        `${formatDate(c.starts_at, { timeZone })} – ${formatDate(c.ends_at, { timeZone })}`,
    },
    { id: 'issued', header: t('ongoing.issued'), numeric: true, cell: (c) => c.issued },
    { id: 'redeemed', header: t('ongoing.redeemed'), numeric: true, cell: (c) => c.redeemed },
    {
      id: 'rate',
      header: t('ongoing.rate'),
      numeric: true,
      cell: (c) =>
        c.redemption_rate_bp === null ? t('ongoing.noRate') : rateLabel(c.redemption_rate_bp),
    },
    {
      id: 'discount_given',
      header: t('ongoing.discountGiven'),
      numeric: true,
      cell: (c) => formatMoney(c.discount_given),
    },
    { id: 'sales', header: t('ongoing.sales'), numeric: true, cell: (c) => formatMoney(c.sales) },
    {
      id: 'days_left',
      header: t('ongoing.daysLeft'),
      numeric: true,
      cell: (c) => t('ongoing.daysLeftValue', { count: c.days_left }),
    },
  ];

  return (
    <Stack spacing={2} data-testid="usage-ongoing">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportButtons
          testId="usage-ongoing-export"
          disabled={!ongoing.data}
          onExport={(format) => exportOngoing(format)}
        />
      </Box>
      {ongoing.isError ? (
        <RetryAlert onRetry={() => void ongoing.refetch()} retryLabel={t('page.retry')}>
          {t('ongoing.loadError')}
        </RetryAlert>
      ) : ongoing.data ? (
        <UsageTable
          label={t('ongoing.table')}
          testId="usage-ongoing-table"
          columns={columns}
          rows={ongoing.data}
          rowKey={(c) => c.id}
          empty={t('ongoing.empty')}
        />
      ) : (
        <Skeleton variant="rounded" height={240} data-testid="usage-ongoing-loading" />
      )}
    </Stack>
  );
}
