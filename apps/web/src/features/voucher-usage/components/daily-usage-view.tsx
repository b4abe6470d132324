import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  discountGiven,
  parseMessageKey,
  voucherSales,
  voucherUsageDailyQuerySchema,
  type Outlet,
  type VoucherUsageDay,
} from '@kopi/contract';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMoney } from '../../../lib/formatters';
import { i18n } from '../../../lib/i18n/i18n';
import { exportDaily, useDailyUsage, type DailyRequest } from '../api';
import { useVoucherUsageStrings } from '../i18n';
import { dayLabel } from '../usage-format';
import { ExportButtons } from './export-buttons';
import { DateRange, OutletFilter } from './usage-filters';
import { UsageTable, type UsageColumn } from './usage-table';

// The charts library is large: it loads after the view, beside the table.
const DailyUsageChart = lazy(() =>
  import('./daily-usage-chart').then((m) => ({ default: m.DailyUsageChart })),
);

/** A contract validation message with its ISO dates shown the SPEC §9 way (YYYY/MM/DD). */
function rangeMessage(message: string): string {
  const parsed = parseMessageKey(message);
  if (!parsed) return message;
  const params = Object.fromEntries(
    Object.entries(parsed.params).map(([k, v]) => [
      k,
      /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? dayLabel(String(v)) : v,
    ]),
  );
  return i18n.t(`validation.${parsed.key}`, params);
}

/** Daily usage: a range of business days (the last seven by default), one outlet or all. */
export function DailyUsageView({
  initialRange,
  outlets,
}: {
  initialRange: { from: string; to: string };
  /** The outlets to choose from; none for staff bound to one (the server keeps them to it). */
  outlets: readonly Outlet[];
}) {
  const { t } = useVoucherUsageStrings();
  const [range, setRange] = useState(initialRange);
  const [outlet, setOutlet] = useState<string | null>(null);
  const check = voucherUsageDailyQuerySchema.safeParse(range);
  const errors: { from?: string; to?: string } = {};
  if (!check.success)
    for (const issue of check.error.issues) {
      const field = issue.path[0] === 'from' ? 'from' : 'to';
      errors[field] ??= rangeMessage(issue.message);
    }
  const request: DailyRequest = { ...range, ...(outlet ? { outlet_id: outlet } : {}) };
  const daily = useDailyUsage(request, check.success);
  const data = check.success ? daily.data : undefined;

  const money = (sen: number) => formatMoney(sen);
  const columns: UsageColumn<VoucherUsageDay>[] = [
    { id: 'date', header: t('figures.date'), cell: (d) => dayLabel(d.date) },
    {
      id: 'redemptions',
      header: t('figures.redemptions'),
      numeric: true,
      cell: (d) => d.redemptions,
    },
    { id: 'returned', header: t('figures.returned'), numeric: true, cell: (d) => d.returned },
    {
      id: 'discount_given',
      header: t('figures.discountGiven'),
      numeric: true,
      cell: (d) => money(discountGiven(d)),
    },
    { id: 'sales', header: t('figures.sales'), numeric: true, cell: (d) => money(voucherSales(d)) },
    { id: 'refunds', header: t('figures.refunds'), numeric: true, cell: (d) => money(d.refunds) },
  ];
  const totals = data?.totals;
  const used = data?.days.some((d) => d.redemptions > 0 || d.returned > 0 || d.refunds !== 0);

  return (
    <Stack spacing={2} data-testid="usage-daily">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DateRange
          from={range.from}
          to={range.to}
          errors={errors}
          onChange={(patch) => setRange((r) => ({ ...r, ...patch }))}
        />
        {outlets.length > 0 && (
          <OutletFilter
            outlets={outlets}
            value={outlet}
            onChange={setOutlet}
            testId="usage-daily-outlet"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <ExportButtons
          testId="usage-daily-export"
          disabled={!check.success}
          onExport={(format) => exportDaily(request, format)}
        />
      </Box>
      {daily.isError && check.success ? (
        <RetryAlert onRetry={() => void daily.refetch()} retryLabel={t('page.retry')}>
          {t('daily.loadError')}
        </RetryAlert>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        {daily.isFetching && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {data && totals ? (
          used ? (
            <Stack spacing={2}>
              <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                <DailyUsageChart data={data} />
              </Suspense>
              <UsageTable
                label={t('daily.table')}
                testId="usage-daily-table"
                columns={columns}
                rows={data.days}
                rowKey={(d) => d.date}
                empty={t('daily.empty')}
                footer={{
                  date: t('figures.total'),
                  redemptions: totals.redemptions,
                  returned: totals.returned,
                  discount_given: money(discountGiven(totals)),
                  sales: money(voucherSales(totals)),
                  refunds: money(totals.refunds),
                }}
              />
              <Typography variant="caption" color="text.secondary">
                {t('daily.note')}
              </Typography>
            </Stack>
          ) : (
            <Typography
              color="text.secondary"
              sx={{ py: 4, textAlign: 'center' }}
              data-testid="usage-daily-empty"
            >
              {t('daily.empty')}
            </Typography>
          )
        ) : check.success && !daily.isError ? (
          <Skeleton variant="rounded" height={300} data-testid="usage-daily-loading" />
        ) : null}
      </Box>
    </Stack>
  );
}
