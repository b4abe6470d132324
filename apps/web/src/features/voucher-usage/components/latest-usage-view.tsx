import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Outlet, VoucherUsageRedemption } from '@kopi/contract';
import { OrderNumberLink } from '../../../components/order-number-link';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { useLocalizedName } from '../../../lib/localized-name';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';
import { useLatestUsage } from '../api';
import { useVoucherUsageStrings } from '../i18n';
import { OutletFilter } from './usage-filters';
import { UsageTable, type UsageColumn } from './usage-table';

// Redemptions are written with their order, given back with its rejection, cancel or refund: the
// live socket's order.created, order.status and refund.status events refetch the list.
const liveTypes = new Set(['order.created', 'order.status', 'refund.status']);

/** Latest usage: the newest redemptions, refreshed live. */
export function LatestUsageView({
  outlets,
  timeZone,
}: {
  outlets: readonly Outlet[];
  timeZone: string;
}) {
  const { t } = useVoucherUsageStrings();
  const nameOf = useLocalizedName();
  const [outlet, setOutlet] = useState<string | null>(null);
  const latest = useLatestUsage(outlet);
  const { refetch } = latest;
  useLiveRefresh({
    refresh: () => refetch(),
    accepts: (event) =>
      liveTypes.has(event.type) && (!outlet || event.message.outlet_id === outlet),
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    resyncs: liveSocket.resyncs,
  });

  const columns: UsageColumn<VoucherUsageRedemption>[] = [
    {
      id: 'time',
      header: t('latest.time'),
      cell: (r) => formatDateTime(r.redeemed_at, { timeZone }),
    },
    {
      id: 'order',
      header: t('latest.order'),
      cell: (r) => <OrderNumberLink id={r.order_id} number={r.order_no} date={r.order_date} />,
    },
    {
      id: 'customer',
      header: t('latest.customer'),
      cell: (r) =>
        r.customer_name === null ? (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('latest.noCustomer')}
          </Typography>
        ) : r.customer_masked ? (
          <Tooltip title={t('latest.masked')}>
            <span>{r.customer_name}</span>
          </Tooltip>
        ) : (
          r.customer_name
        ),
    },
    { id: 'outlet', header: t('latest.outlet'), cell: (r) => r.outlet.name },
    {
      id: 'voucher',
      header: t('latest.voucher'),
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{nameOf(r.voucher.name_en, r.voucher.name_my)}</span>
          {r.status === 'returned' && (
            <Chip size="small" variant="outlined" label={t('latest.givenBack')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'campaign',
      header: t('latest.campaign'),
      cell: (r) =>
        r.campaign ? nameOf(r.campaign.name_en, r.campaign.name_my) : t('latest.noCampaign'),
    },
    {
      id: 'discount',
      header: t('latest.discount'),
      numeric: true,
      cell: (r) => formatMoney(r.discount),
    },
  ];

  return (
    <Stack spacing={2} data-testid="usage-latest">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {outlets.length > 0 && (
          <OutletFilter
            outlets={outlets}
            value={outlet}
            onChange={setOutlet}
            testId="usage-latest-outlet"
          />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('latest.live')}
        </Typography>
      </Box>
      {latest.isError ? (
        <RetryAlert onRetry={() => void refetch()} retryLabel={t('page.retry')}>
          {t('latest.loadError')}
        </RetryAlert>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        {latest.isFetching && latest.data && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {latest.data ? (
          <UsageTable
            label={t('latest.table')}
            testId="usage-latest-table"
            columns={columns}
            rows={latest.data}
            rowKey={(r) => r.id}
            empty={t('latest.empty')}
          />
        ) : !latest.isError ? (
          <Skeleton variant="rounded" height={240} data-testid="usage-latest-loading" />
        ) : null}
      </Box>
    </Stack>
  );
}
