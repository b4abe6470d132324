import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import { useSearchUpdate } from '../../../lib/search-params';
import {
  type Dashboard,
  type LiveOrderEvent,
  netAfterRefunds,
  type SessionUserExtras,
} from '@kopi/contract';
import { KpiCard } from '../../../components/kpi-card';
import { clockScope, rememberBusinessClock } from '../../../lib/business-clock';
import { useCan } from '../../../lib/can-context';
import {
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatMoney,
} from '../../../lib/formatters';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { useOutletScope } from '../../../lib/outlet-scope';
import { averageTicket, percentChange } from '../../../lib/percent-change';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';
import { useSessionUser } from '../../../lib/session/session-store';
import { useStore } from '../../../lib/store';
import { useDashboard } from '../api';
import {
  ChannelMix,
  OpenOrders,
  OutletLeaderboard,
  TopProducts,
} from '../components/dashboard-lists';
import { CustomerCards } from '../components/customer-cards';
import { ShortcutGrid, WelcomeCard } from '../components/welcome-card';
import { WaitingCards } from '../components/waiting-cards';
import { useDashboardStrings } from '../i18n';
import { RetryAlert } from '../../../components/retry-alert';

// The charts library is large: the greeting and the figures do not wait for it.
const HourlyChart = lazy(() =>
  import('../components/hourly-chart').then((m) => ({ default: m.HourlyChart })),
);

/** While the live link is down (or off for the tenant) the figures poll this often. */
const POLL_MS = 30_000;
/** With live events flowing, a slow poll still moves "today" on and fills the hours in. */
const SLOW_POLL_MS = 5 * 60_000;
/** Events are gathered for this long into one refetch (a rush at the counter is one request). */
const LIVE_WINDOW_MS = 1_000;

/** A headline figure: today's, by this time last week, and the whole of that day. */
interface Kpi {
  id: string;
  label: string;
  icon: ReactNode;
  now: number;
  before: number;
  whole: number;
  format: (n: number) => string;
  /** A rise is bad news (refunds). */
  invert?: boolean;
}

/** A business day as the app writes dates (SPEC §9 "YYYY/MM/DD"), like every list and report. */
const calendarDay = (iso: string) => formatDate(`${iso}T00:00:00Z`, { timeZone: 'UTC' });

/**
 * /dashboard (read dashboard): the greeting, then today's business day against the same weekday
 * last week — figures, sales by hour, top products, outlets, sources and serving methods — and
 * the open orders of right now, live. A user with no figures to read (a platform user outside
 * any tenant) keeps the welcome view with shortcuts to their pages.
 */
export function DashboardPage() {
  const can = useCan();
  const user = useSessionUser() as (ReturnType<typeof useSessionUser> & SessionUserExtras) | null;
  const inTenant = Boolean(user?.tenant_id || user?.acting_tenant_id);
  if (!can('read', 'dashboard') || !inTenant) {
    return (
      <Stack spacing={3}>
        <WelcomeCard />
        <ShortcutGrid />
      </Stack>
    );
  }
  return <DashboardFigures />;
}

function DashboardFigures() {
  const { t } = useDashboardStrings();
  const can = useCan();
  const user = useSessionUser();
  const scope = useOutletScope({ source: 'dashboard' });
  const [search, setSearch] = useSearchUpdate();
  const picked = scope.bound ? null : (search.get('outlet') ?? null);
  const liveStatus = useStore(liveSocket.status, (s) => s);
  const dashboard = useDashboard(picked, true, liveStatus === 'open' ? SLOW_POLL_MS : POLL_MS);
  const data = dashboard.data;

  const refetch = dashboard.refetch;
  useLiveRefresh({
    refresh: () => refetch(),
    accepts: (event: LiveOrderEvent) =>
      !picked || !event.message.outlet_id || event.message.outlet_id === picked,
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    delayMs: LIVE_WINDOW_MS,
  });

  // The report works out its date presets on the clock the server answered with.
  useEffect(() => {
    if (data && !picked)
      rememberBusinessClock(clockScope(user), {
        timeZone: data.timezone,
        cutoffHour: data.cutoff_hour,
      });
  }, [data, picked, user]);

  const compareDay = data ? calendarDay(data.compare_date) : '';
  const setOutlet = (id: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('outlet', id);
      else next.delete('outlet');
      return next;
    });

  const aside = (
    <>
      {data && (
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-business-date">
          {t('header.today', {
            date: calendarDay(data.business_date),
            compare: compareDay,
          })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {liveStatus === 'open' && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<SensorsOutlined />}
            label={t('header.live')}
            data-testid="dashboard-live"
          />
        )}
        {data && (
          <Typography variant="caption" color="text.secondary" data-testid="dashboard-updated">
            {t('header.updated', {
              time: formatDateTime(data.generated_at, { timeZone: data.timezone }),
            })}
          </Typography>
        )}
        {data?.freshness && (
          <Typography variant="caption" color="warning.main" data-testid="dashboard-freshness">
            {t('header.freshness', {
              compare: compareDay,
              time: formatDateTime(data.freshness.as_of, { timeZone: data.timezone }),
              seconds: data.freshness.lag_seconds,
            })}
          </Typography>
        )}
      </Stack>
      {scope.choosable && (
        <TextField
          select
          size="small"
          label={t('header.outlet')}
          value={scope.outlets.some((o) => o.id === picked) ? picked : ''}
          onChange={(e) => setOutlet(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'dashboard-outlet-filter' } as object,
            },
          }}
        >
          <MenuItem value="">{t('header.allOutlets')}</MenuItem>
          {scope.outlets.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );

  const loading = !data;
  const today = data?.today;
  const soFar = data?.compare_until_now;
  // Each card reads one figure off three sums: today's, the compare day's until now and the
  // compare day's whole (0 while the dashboard loads).
  const kpi = (
    id: string,
    label: string,
    icon: ReactNode,
    format: Kpi['format'],
    of: (sums: Dashboard['compare_until_now']) => number,
    invert?: boolean,
  ): Kpi => ({
    id,
    label,
    icon,
    format,
    invert,
    now: today ? of(today) : 0,
    before: soFar ? of(soFar) : 0,
    whole: data ? of(data.compare) : 0,
  });
  const kpis = [
    kpi('net', t('kpi.net'), <PaymentsOutlined fontSize="small" />, formatMoney, (s) => s.net),
    kpi(
      'orders',
      t('kpi.orders'),
      <ReceiptLongOutlined fontSize="small" />,
      (n: number) => formatCompactNumber(n),
      (s) => s.orders,
    ),
    kpi(
      'average-ticket',
      t('kpi.averageTicket'),
      <ShoppingBasketOutlined fontSize="small" />,
      formatMoney,
      (s) => averageTicket(s.net, s.orders),
    ),
    // Refunds count on the day they complete: today's may be of sales of earlier days.
    kpi(
      'refunds',
      t('kpi.refunds'),
      <ReplayOutlined fontSize="small" />,
      formatMoney,
      (s) => s.refunds,
      true,
    ),
    kpi(
      'net-after-refunds',
      t('kpi.netAfterRefunds'),
      <SavingsOutlined fontSize="small" />,
      formatMoney,
      netAfterRefunds,
    ),
  ];

  return (
    <Stack spacing={3} data-testid="dashboard-figures" data-live={liveStatus}>
      <WelcomeCard compact aside={aside} />
      {dashboard.isError && !data && (
        <RetryAlert onRetry={() => void dashboard.refetch()} retryLabel={t('header.retry')}>
          {t('header.loadError')}
        </RetryAlert>
      )}
      <Grid container spacing={2}>
        {kpis.map((k) => (
          <Grid key={k.id} size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
            <KpiCard
              testId={`dashboard-kpi-${k.id}`}
              label={k.label}
              icon={k.icon}
              value={k.format(k.now)}
              loading={loading}
              invert={k.invert}
              change={data ? percentChange(k.now, k.before) : null}
              caption={
                data ? (
                  <>
                    {t('kpi.soFar', { day: compareDay, value: k.format(k.before) })}
                    <br />
                    {t('kpi.wholeDay', { day: compareDay, value: k.format(k.whole) })}
                  </>
                ) : undefined
              }
            />
          </Grid>
        ))}
      </Grid>
      {data?.customers && <CustomerCards customers={data.customers} compareDay={compareDay} />}
      {data?.waiting_times && <WaitingCards waiting={data.waiting_times} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card sx={{ height: '100%' }} component="section" aria-label={t('hourly.title')}>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('hourly.title')}
              </Typography>
              {data ? (
                <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
                  <HourlyChart hours={data.by_hour} compareLabel={compareDay} />
                </Suspense>
              ) : (
                <Skeleton variant="rounded" height={280} />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          {data ? (
            <OpenOrders
              open={data.open_orders}
              outlets={data.outlets}
              mayOpenBoard={can('read', 'status-order')}
            />
          ) : (
            <Skeleton variant="rounded" height={280} />
          )}
        </Grid>
      </Grid>
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <TopProducts products={data.top_products} />
          </Grid>
          {data.outlets.length > 1 && (
            <Grid size={{ xs: 12, md: 6, xl: 4 }}>
              <OutletLeaderboard outlets={data.outlets} compareDay={compareDay} />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: data.outlets.length > 1 ? 12 : 6, xl: 4 }}>
            <ChannelMix sources={data.by_source} serving={data.by_serving_method} />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
