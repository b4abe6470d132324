import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { shiftStatuses, type ShiftListQuery, type ShiftSummary } from '@kopi/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { urlPagingProps } from '../../../components/data-table/url-list-params';
import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { DateRangeFields } from '../../../components/date-field/date-range-fields';
import { FilterSelect, OutletFilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { useTills } from '../../../components/shifts/api';
import { useShiftStrings } from '../../../components/shifts/i18n';
import { formatBusinessDate, formatDateTime } from '../../../lib/formatters';
import { useOutletScope } from '../../../lib/outlet-scope';
import { useShiftList } from '../api';
import { ShiftDetailsDialog } from '../components/shift-details-dialog';
import { isFiltering, useShiftListParams } from '../list-params';
import { useTillName } from '../../../lib/till-name';

const amount = (sen: number | null) => (
  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
    {sen === null ? '—' : receiptAmount(sen)}
  </Box>
);

/** /shift/list (read shift): shifts by outlet, till, cashier, business date and status. */
export function ShiftListPage() {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const [params, setParams] = useSearchParams();
  // `?id=` opens that shift's report over the list, the filters kept.
  const detailsId = params.get('id');
  const showDetails = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('id', id);
      else next.delete('id');
      return next;
    });
  const { query, update, clearFilters } = useShiftListParams();
  const scope = useOutletScope({ source: 'orders' });
  const outletId = scope.bound ? (scope.outlets[0]?.id ?? null) : (query.outlet_id ?? null);
  const shifts = useShiftList(scope.bound ? { ...query, outlet_id: undefined } : query);
  const tills = useTills(outletId);
  // The cashiers to filter by: those of the shifts on screen, and the one chosen.
  const cashiers = new Map<string, string>();
  for (const s of shifts.data?.rows ?? []) {
    if (s.cashier_id) cashiers.set(s.cashier_id, s.cashier_name ?? s.cashier_id);
  }
  if (query.cashier_id && !cashiers.has(query.cashier_id)) {
    cashiers.set(query.cashier_id, query.cashier_id);
  }

  const columns: DataTableColumn<ShiftSummary>[] = [
    {
      id: 'opened',
      header: t('list.openedAt'),
      cell: (s) => (
        <Typography
          component={RouterLink}
          to={`?${new URLSearchParams([...params, ['id', s.id]]).toString()}`}
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
        >
          {formatDateTime(s.opened_at)}
        </Typography>
      ),
    },
    {
      id: 'business_date',
      header: t('list.businessDate'),
      cell: (s) => formatBusinessDate(s.business_date),
    },
    { id: 'outlet', header: t('list.outlet'), cell: (s) => s.outlet_name },
    // The shift's details show its till, cashier, float and expected cash; on a tablet the list
    // keeps what was counted and the variance in view.
    { id: 'till', header: t('list.till'), priority: 'low', cell: (s) => tillName(s.till_name) },
    {
      id: 'cashier',
      header: t('list.cashier'),
      priority: 'low',
      cell: (s) => s.cashier_name ?? '—',
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (s) => (s.status === 'open' ? t('list.open') : t('list.closed')),
    },
    {
      id: 'float',
      header: t('list.float'),
      align: 'right',
      priority: 'low',
      cell: (s) => amount(s.opening_float),
    },
    {
      id: 'expected',
      header: t('list.expected'),
      align: 'right',
      priority: 'low',
      cell: (s) => amount(s.expected),
    },
    { id: 'counted', header: t('list.counted'), align: 'right', cell: (s) => amount(s.counted) },
    { id: 'variance', header: t('list.variance'), align: 'right', cell: (s) => amount(s.variance) },
  ];

  const filterBar = (
    <>
      <DateRangeFields
        from={query.from}
        to={query.to}
        onChange={update}
        labels={{ from: t('list.from'), to: t('list.to'), badRange: t('list.to') }}
        testIdPrefix="shift-filter"
      />
      <OutletFilterSelect
        scope={scope}
        label={t('list.outlet')}
        value={query.outlet_id ?? ''}
        onChange={(v) => update({ outlet_id: v || undefined, till_id: undefined })}
        anyLabel={t('list.all')}
        testId="shift-filter-outlet"
      />
      {outletId && (
        <FilterSelect
          label={t('list.till')}
          value={query.till_id ?? ''}
          onChange={(v) => update({ till_id: v || undefined })}
          anyLabel={t('list.all')}
          options={(tills.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          minWidth={140}
          testId="shift-filter-till"
        />
      )}
      <FilterSelect
        label={t('list.cashier')}
        value={query.cashier_id ?? ''}
        onChange={(v) => update({ cashier_id: v || undefined })}
        anyLabel={t('list.all')}
        options={[...cashiers].map(([value, label]) => ({ value, label }))}
        minWidth={160}
        testId="shift-filter-cashier"
      />
      <FilterSelect
        label={t('list.status')}
        value={query.status ?? ''}
        onChange={(v) => update({ status: (v || undefined) as ShiftListQuery['status'] })}
        anyLabel={t('list.all')}
        options={shiftStatuses.map((s) => ({ value: s, label: t(`list.${s}`) }))}
        minWidth={130}
        testId="shift-filter-status"
      />
      {isFiltering(query) && (
        <Button size="small" color="inherit" onClick={clearFilters}>
          {t('list.all')}
        </Button>
      )}
    </>
  );

  return (
    <ListPage title={t('list.title')} subtitle={t('list.subtitle')}>
      <Card>
        <DataTable<ShiftSummary>
          label={t('list.title')}
          testId="shift-list-table"
          columns={columns}
          rowKey={(s) => s.id}
          rowTestId={(s) => `shift-row-${s.id}`}
          onRowClick={(s) => showDetails(s.id)}
          {...urlPagingProps(query, update)}
          filters={filterBar}
          {...listQueryProps(shifts)}
          emptyMessage={t('list.empty')}
        />
      </Card>
      <ShiftDetailsDialog id={detailsId} onClose={() => showDetails(null)} />
    </ListPage>
  );
}
