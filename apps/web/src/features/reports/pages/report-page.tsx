import { ExportButton } from '../../../components/list-page/export-button';
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import {
  daysBetween,
  parseMessageKey,
  salesReportQuerySchema,
  type PaymentMethod,
  type SalesReport,
  type ServingMethod,
} from '@kopi/contract';
import { PageHeader } from '../../../components/page-header';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { businessToday, useBusinessClock } from '../../../lib/business-clock';
import { formatDateTime } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { i18n } from '../../../lib/i18n/i18n';
import { useOutletScope } from '../../../lib/outlet-scope';
import { exportSalesReport, useSalesReport, type SalesReportRequest } from '../api';
import { RangeBar } from '../components/range-bar';
import { RefundsByMethod } from '../components/refunds-by-method';
import { ReportKpis } from '../components/report-kpis';
import { ReportPrintStyle, reportPrintClass } from '../components/report-print-style';
import { ReportTable } from '../components/report-table';
import { WalletSection } from '../components/wallet-section';
import { useReportStrings } from '../i18n';
import { businessDateLabel } from '../report-model';
import { reportViews, useReportParams, viewGroupBy, type ReportView } from '../report-params';
import { RetryAlert } from '../../../components/retry-alert';

// The charts library is large: it loads after the page, beside the figures and the table.
const ReportChart = lazy(() =>
  import('../components/report-chart').then((m) => ({ default: m.ReportChart })),
);

type Row = SalesReport['rows'][number];

/** A contract validation message with its ISO dates shown the SPEC §9 way (YYYY/MM/DD). */
function rangeMessage(message: string): string {
  const parsed = parseMessageKey(message);
  if (!parsed) return message;
  const params = Object.fromEntries(
    Object.entries(parsed.params).map(([k, v]) => [
      k,
      /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? businessDateLabel(String(v)) : v,
    ]),
  );
  return i18n.t(`validation.${parsed.key}`, params);
}

/** /report (read report): SPEC §2's six sub-views of sales and vouchers as tabs, state in the URL. */
export function ReportPage() {
  const { t } = useReportStrings();
  const { t: tr } = useReceiptStrings();
  const nameOf = useLocalizedName();
  const clock = useBusinessClock();
  const today = businessToday(clock);
  const { params, update } = useReportParams(today);
  const scope = useOutletScope({ source: 'reports' });
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const groupBy = viewGroupBy[params.view];
  const check = salesReportQuerySchema.safeParse({
    group_by: groupBy,
    from: params.from,
    to: params.to,
  });
  const errors: { from?: string; to?: string } = {};
  if (!check.success)
    for (const issue of check.error.issues) {
      const field = issue.path[0] === 'from' ? 'from' : 'to';
      errors[field] ??= rangeMessage(issue.message);
    }
  const request: SalesReportRequest = {
    group_by: groupBy,
    from: params.from,
    to: params.to,
    // Bound staff are limited to their outlet by the server: no filter to send.
    ...(!scope.bound && params.outlet ? { outlet_id: params.outlet } : {}),
  };
  const report = useSalesReport(request, check.success);
  const data = check.success && report.data?.group_by === groupBy ? report.data : undefined;

  const labelOf = (row: Row): string => {
    switch (data?.group_by) {
      case 'payment_method':
        return tr(`payment.${row.key as PaymentMethod}`);
      case 'serving_method':
        return tr(`serving.${row.key as ServingMethod}`);
      case 'source':
        return t(`source.${row.key as 'pos-apps'}`);
      case 'product':
      case 'voucher':
        // The product's or voucher's name in the screen's language (its Malay name when set).
        return 'label_my' in row && row.label !== null
          ? nameOf(row.label, row.label_my)
          : (row.label ?? row.key);
      default:
        return row.label ?? row.key;
    }
  };

  const download = (format: 'csv' | 'xlsx') => {
    setExporting(format);
    void exportSalesReport(request, format)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  };

  const outletName = scope.bound
    ? scope.outlets[0]?.name || null
    : (scope.outlets.find((o) => o.id === params.outlet)?.name ?? null);
  const period = t('range.period', {
    from: businessDateLabel(params.from),
    to: businessDateLabel(params.to),
    count: Math.max(1, daysBetween(params.from, params.to)),
  });
  const compared = data?.previous
    ? t('range.compared', {
        from: businessDateLabel(data.previous.from),
        to: businessDateLabel(data.previous.to),
      })
    : null;

  const panelId = 'report-panel';
  const tabId = (view: ReportView) => `report-tab-${view}`;

  return (
    <Stack spacing={3} className={reportPrintClass} data-testid="report-page">
      <ReportPrintStyle />
      {/* What a printed page says it is (the tabs and filters are not printed). */}
      <Box className="kopi-print-only" sx={{ display: 'none' }}>
        <Typography variant="h5" component="p">
          {t('print.heading', { view: t(`views.${params.view}`) })}
        </Typography>
        <Typography variant="body2">{[period, compared].filter(Boolean).join(' · ')}</Typography>
        {outletName && (
          <Typography variant="body2">{t('print.outlet', { name: outletName })}</Typography>
        )}
        <Typography variant="caption">
          {t('print.printed', { at: formatDateTime(new Date(), { timeZone: clock.timeZone }) })}
        </Typography>
      </Box>
      <Box className="kopi-no-print">
        <PageHeader
          title={t('page.title')}
          subtitle={t('page.subtitle')}
          actions={
            <>
              {(['csv', 'xlsx'] as const).map((format) => (
                <ExportButton
                  key={format}
                  label={t(format === 'csv' ? 'actions.exportCsv' : 'actions.exportXlsx')}
                  onClick={() => download(format)}
                  disabled={!check.success || exporting !== null}
                  testId={`report-export-${format}`}
                />
              ))}
              <Button
                variant="contained"
                startIcon={<PrintOutlined />}
                onClick={() => window.print()}
                disabled={!data}
                data-testid="report-print"
              >
                {t('actions.print')}
              </Button>
            </>
          }
        />
      </Box>

      <Card className="kopi-no-print">
        <Tabs
          value={params.view}
          onChange={(_, view: ReportView) => update({ view })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('views.label')}
          sx={{ px: 1 }}
        >
          {reportViews.map((view) => (
            <Tab
              key={view}
              value={view}
              label={t(`views.${view}`)}
              id={tabId(view)}
              aria-controls={panelId}
              data-testid={tabId(view)}
              sx={{ textTransform: 'none' }}
            />
          ))}
        </Tabs>
        <Divider />
        <CardContent>
          <Stack spacing={1.5}>
            <RangeBar
              params={params}
              onChange={update}
              outlets={scope.outlets}
              showOutlet={scope.choosable}
              errors={errors}
            />
            {check.success && (
              <Typography variant="body2" color="text.secondary" data-testid="report-period">
                {[period, compared].filter(Boolean).join(' · ')}
                {scope.bound && outletName ? ` · ${outletName}` : ''}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {t('range.businessDay', {
                hour: `${String(clock.cutoffHour).padStart(2, '0')}:00`,
                zone: clock.timeZone,
              })}
            </Typography>
            {data?.freshness && (
              <Typography variant="caption" color="warning.main" data-testid="report-freshness">
                {t('page.freshness', {
                  time: formatDateTime(data.freshness.as_of, { timeZone: clock.timeZone }),
                  seconds: data.freshness.lag_seconds,
                })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>

      <Box
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(params.view)}
        data-testid="report-view"
        data-view={params.view}
        data-loading={report.isFetching || report.isPlaceholderData ? 'true' : 'false'}
        data-from={data?.from}
        data-to={data?.to}
        data-outlet={data?.outlet_id ?? ''}
      >
        {/* A range the API would refuse is explained at its date field; nothing to show. */}
        {check.success && (
          <Stack spacing={3}>
            {report.isError ? (
              <RetryAlert onRetry={() => void report.refetch()} retryLabel={t('page.retry')}>
                {t('page.loadError')}
              </RetryAlert>
            ) : null}
            <ReportKpis
              current={data?.totals.current}
              previous={data ? data.totals.previous : undefined}
              loading={!data && !report.isError}
            />
            <Card sx={{ position: 'relative' }}>
              {report.isFetching && (
                <LinearProgress
                  className="kopi-no-print"
                  sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
                />
              )}
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t(`chart.${params.view}`)}
                </Typography>
                {data ? (
                  <Stack spacing={2}>
                    <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                      <ReportChart report={data} view={params.view} labelOf={labelOf} />
                    </Suspense>
                    <ReportTable report={data} view={params.view} labelOf={labelOf} />
                    {data.group_by === 'payment_method' && (
                      <>
                        <Typography variant="caption" color="text.secondary">
                          {t('table.splitNote')}
                        </Typography>
                        <RefundsByMethod report={data} />
                      </>
                    )}
                    {data.group_by === 'voucher' && (
                      <Typography variant="caption" color="text.secondary">
                        {t('table.voucherNote')}
                      </Typography>
                    )}
                    {data.group_by === 'product' && (
                      <Typography variant="caption" color="text.secondary">
                        {t('table.productLimit')}
                      </Typography>
                    )}
                  </Stack>
                ) : !report.isError ? (
                  <Skeleton variant="rounded" height={300} />
                ) : null}
              </CardContent>
            </Card>
            {/* Bound staff always have their outlet in view: no wallets, nothing to explain. */}
            {data && data.wallet !== undefined && !(data.wallet === null && scope.bound) && (
              <Card>
                <CardContent>
                  <WalletSection wallet={data.wallet} />
                </CardContent>
              </Card>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
