import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import {
  addDays,
  businessDate,
  reconciliationOutcomes,
  type ReconciliationOutcome,
  type ReconciliationResult,
  type ReconciliationRow,
  type ReconciliationSource,
} from '@kopi/contract';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { pagingProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { DateRangeFields } from '../../../components/date-field/date-range-fields';
import { EmptyState } from '../../../components/empty-state';
import { OrderNumberLink } from '../../../components/order-number-link';
import { ListPage } from '../../../components/list-page/list-page';
import { PageSkeleton } from '../../../components/page-skeleton';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { usePaymentGateways } from '../api';
import {
  exportReconciliation,
  runReconciliation,
  type ReconciliationRun,
} from '../api-reconciliation';
import { usePaymentGatewayStrings } from '../i18n';
import { useReconciliationStrings } from '../i18n-reconciliation';

const outcomeColors: Record<ReconciliationOutcome, 'success' | 'error' | 'warning' | 'default'> = {
  matched: 'success',
  amount_mismatch: 'error',
  missing_theirs: 'error',
  missing_ours: 'warning',
  unreachable: 'default',
};
const fileHelpKeys = ['stripe', 'billplz', 'ipay88', 'fiuu'] as const;

/**
 * /ge/payment-gateway/reconciliation (read payment-gateway): one gateway's payments of a range of
 * business days beside the gateway's own record — asked payment by payment, or read from the
 * settlement file the business downloaded — with a count per outcome, the rows to look at
 * (filtered, paged here: a run is answered whole) and the same run as CSV.
 */
export function ReconciliationPage() {
  const { t } = useReconciliationStrings();
  const { t: gatewayT } = usePaymentGatewayStrings();
  const gateways = usePaymentGateways();
  const [params] = useSearchParams();
  const today = businessDate(new Date());
  const [chosen, setChosen] = useState<string | null>(params.get('gateway'));
  const [range, setRange] = useState<{ from?: string; to?: string }>({
    from: addDays(today, -6),
    to: today,
  });
  const [source, setSource] = useState<ReconciliationSource>('query');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<null | 'run' | 'export'>(null);
  const [upload, setUpload] = useState<number | null>(null);
  const [result, setResult] = useState<ReconciliationResult | null>(null);
  const [filter, setFilter] = useState<ReconciliationOutcome | 'all'>('all');
  const table = useTableState({ pageSize: 25 });
  const { page, pageSize, setPage } = table;

  const list = gateways.data ?? [];
  const gateway = list.find((g) => g.id === chosen) ?? list[0] ?? null;
  const provider = gateway?.provider ?? '';
  const helpKey = fileHelpKeys.find((k) => k === provider) ?? 'other';
  const validRange = Boolean(range.from && range.to && range.from <= range.to);
  const ready = gateway !== null && validRange && (source === 'query' || file !== null);
  const runOf = (): ReconciliationRun => ({
    gatewayId: gateway!.id,
    from: range.from!,
    to: range.to!,
    source,
    file,
  });

  const reconcile = async () => {
    setBusy('run');
    setUpload(null);
    // The last run's rows go: a refused file must not leave them looking like its answer.
    setResult(null);
    try {
      const answer = await runReconciliation(runOf(), (p) => setUpload(p.percent));
      setResult(answer);
      setFilter('all');
      setPage(1);
    } catch {
      // The HTTP client shows the refusal (too many payments, not this gateway's file…).
    } finally {
      setBusy(null);
      setUpload(null);
    }
  };

  const exportCsv = async () => {
    setBusy('export');
    try {
      await exportReconciliation(runOf());
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  const rows = useMemo(
    () => (result?.rows ?? []).filter((r) => filter === 'all' || r.outcome === filter),
    [result, filter],
  );
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  const side = (status: ReconciliationRow['our_status'], amount: number | null) =>
    status === null
      ? '—'
      : `${t(`side.${status}`)}${amount === null ? '' : ` · ${formatMoney(amount)}`}`;
  const columns: DataTableColumn<ReconciliationRow>[] = [
    {
      id: 'outcome',
      header: t('column.outcome'),
      cell: (r) => (
        <Chip size="small" color={outcomeColors[r.outcome]} label={t(`outcome.${r.outcome}`)} />
      ),
    },
    {
      id: 'reference',
      header: t('column.reference'),
      cell: (r) => <code style={{ overflowWrap: 'anywhere' }}>{r.reference}</code>,
    },
    {
      id: 'order',
      header: t('column.order'),
      cell: (r) => <OrderNumberLink id={r.order_id} number={r.order_no} date={r.order_date} />,
    },
    {
      id: 'created',
      header: t('column.created'),
      cell: (r) => (r.created_at ? formatDateTime(r.created_at) : '—'),
    },
    { id: 'ours', header: t('column.ours'), cell: (r) => side(r.our_status, r.our_amount) },
    {
      id: 'theirs',
      header: t('column.theirs'),
      cell: (r) => side(r.their_status, r.their_amount),
    },
    {
      id: 'line',
      header: t('column.line'),
      align: 'right',
      cell: (r) => (r.line === null ? '—' : r.line),
    },
  ];

  if (gateways.isPending) return <PageSkeleton />;
  return (
    <ListPage title={t('title')} subtitle={t('subtitle')}>
      {list.length === 0 ? (
        <Card>
          <EmptyState message={t('noGateway')} testId="reconciliation-no-gateway" />
        </Card>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <TextField
                  select
                  label={t('gateway')}
                  value={gateway?.id ?? ''}
                  onChange={(e) => {
                    setChosen(e.target.value);
                    setResult(null);
                  }}
                  sx={{ minWidth: 180 }}
                  slotProps={{ htmlInput: { 'data-testid': 'reconciliation-gateway' } }}
                >
                  {list.map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {gatewayT(`provider.${g.provider}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <DateRangeFields
                  from={range.from}
                  to={range.to}
                  onChange={(next) => setRange((r) => ({ ...r, ...next }))}
                  labels={{ from: t('from'), to: t('to'), badRange: t('badRange') }}
                  testIdPrefix="reconciliation"
                />
              </Stack>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={source}
                aria-label={t('source')}
                onChange={(_e, next: ReconciliationSource | null) => next && setSource(next)}
              >
                <ToggleButton value="query" data-testid="reconciliation-source-query">
                  {t('sourceQuery')}
                </ToggleButton>
                <ToggleButton value="file" data-testid="reconciliation-source-file">
                  {t('sourceFile')}
                </ToggleButton>
              </ToggleButtonGroup>
              {source === 'query' ? (
                <Typography variant="body2" color="text.secondary">
                  {t('queryHelp')}
                </Typography>
              ) : (
                <Stack spacing={1}>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    data-testid="reconciliation-file-help"
                  >
                    {t(`fileHelp.${helpKey}`)}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Button variant="outlined" component="label" size="small">
                      {t('chooseFile')}
                      <input
                        hidden
                        type="file"
                        accept=".csv,.txt,text/csv,text/plain"
                        data-testid="reconciliation-file"
                        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      />
                    </Button>
                    <Typography variant="body2">{file?.name ?? t('noFile')}</Typography>
                  </Stack>
                </Stack>
              )}
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={!ready || busy !== null}
                  onClick={() => void reconcile()}
                  data-testid="reconciliation-run"
                >
                  {t('run')}
                </Button>
                {result && (
                  <Button
                    variant="outlined"
                    disabled={!ready || busy !== null}
                    onClick={() => void exportCsv()}
                    data-testid="reconciliation-export"
                  >
                    {t('export')}
                  </Button>
                )}
              </Stack>
              {busy === 'run' && (
                <Stack spacing={0.5} role="status" data-testid="reconciliation-progress">
                  <LinearProgress
                    variant={upload !== null && upload < 100 ? 'determinate' : 'indeterminate'}
                    value={upload ?? 0}
                  />
                  <Typography variant="caption">
                    {upload !== null && upload < 100
                      ? t('uploading', { percent: upload })
                      : t('running')}
                  </Typography>
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      {list.length > 0 && !result && busy !== 'run' && (
        <Card>
          <EmptyState message={t('notRun')} testId="reconciliation-not-run" />
        </Card>
      )}
      {result && (
        <Stack spacing={2} data-testid="reconciliation-result">
          <Typography variant="body2" color="text.secondary">
            {t('summary', {
              count: result.our_payments,
              at: formatDateTime(result.checked_at),
            })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {reconciliationOutcomes.map((o) => (
              <Chip
                key={o}
                color={outcomeColors[o]}
                variant={filter === o ? 'filled' : 'outlined'}
                label={`${t(`outcome.${o}`)}: ${result.counts[o] ?? 0}`}
                onClick={() => {
                  setFilter(filter === o ? 'all' : o);
                  setPage(1);
                }}
                data-testid={`reconciliation-count-${o}`}
              />
            ))}
          </Stack>
          {result.rejected.length > 0 && (
            <Alert severity="warning" data-testid="reconciliation-rejected">
              {t('rejected')}
              <ul style={{ margin: 0 }}>
                {result.rejected.slice(0, 20).map((r) => (
                  <li key={r.line}>{t('rejectedLine', { line: r.line, message: r.message })}</li>
                ))}
              </ul>
            </Alert>
          )}
          <DataTable
            label={t('tableLabel')}
            columns={columns}
            rows={shown}
            rowKey={(r) => `${r.outcome}:${r.reference}:${r.line ?? ''}`}
            total={rows.length}
            {...pagingProps(table)}
            filters={
              <TextField
                select
                size="small"
                label={t('filter')}
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value as ReconciliationOutcome | 'all');
                  setPage(1);
                }}
                sx={{ minWidth: 200 }}
                slotProps={{ htmlInput: { 'data-testid': 'reconciliation-filter' } }}
              >
                <MenuItem value="all">{t('all')}</MenuItem>
                {reconciliationOutcomes.map((o) => (
                  <MenuItem key={o} value={o}>
                    {t(`outcome.${o}`)}
                  </MenuItem>
                ))}
              </TextField>
            }
            emptyMessage={t('empty')}
            testId="reconciliation-table"
            rowTestId={(r) => `reconciliation-row-${r.reference}`}
          />
        </Stack>
      )}
    </ListPage>
  );
}
