import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { OutletDatedFilters } from '../../../components/list-page/dated-filters';
import { ExportButton } from '../../../components/list-page/export-button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  refundMethods,
  refundReasonLabels,
  refundStatuses,
  type RefundListQuery,
  type RefundSummary,
} from '@kopi/contract';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { urlTableProps, withoutPaging } from '../../../components/data-table/url-list-params';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { OrderNumberLink } from '../../../components/order-number-link';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { useOutletScope } from '../../../lib/outlet-scope';
import { exportRefunds, useRefunds, useRefundStatusCounts } from '../api';
import { useRefundStrings } from '../i18n';
import { isFiltering, useRefundListParams } from '../list-params';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';

function withoutOutlet(query: RefundListQuery): RefundListQuery {
  const { outlet_id: _outlet, ...rest } = query;
  return rest;
}

const tabValue = (status: string) => status.replace(' ', '_');

/** /refund/list (read order): refunds by status tab, searched and filtered, kept in the URL. */
export function RefundListPage() {
  const { t, ts, language } = useRefundStrings();
  const navigate = useNavigate();
  const detailsState = { listSearch: useLocation().search };
  const { query: urlQuery, update, clearFilters } = useRefundListParams();
  const scope = useOutletScope({ source: 'orders' });
  // Bound staff have no outlet filter: a shared link naming another outlet would only be a 404.
  const query = scope.bound ? withoutOutlet(urlQuery) : urlQuery;
  const { page: _page, page_size: _size, sort: _sort, status, ...countFilters } = query;
  const refunds = useRefunds(query);
  const counts = useRefundStatusCounts(countFilters);
  // Refunds asked for, approved or completed elsewhere refresh the list and its tab counts.
  const { refetch: refetchList } = refunds;
  const { refetch: refetchCounts } = counts;
  useLiveRefresh({
    refresh: () => Promise.all([refetchList(), refetchCounts()]),
    accepts: (event) =>
      event.type === 'refund.status' &&
      (!query.outlet_id || event.message.outlet_id === query.outlet_id),
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    resyncs: liveSocket.resyncs,
  });
  const filtering = isFiltering(query);
  const countOf = (s: (typeof refundStatuses)[number]) => counts.data?.[s] ?? 0;
  const allCount = refundStatuses.reduce((sum, s) => sum + countOf(s), 0);

  const columns: DataTableColumn<RefundSummary>[] = [
    {
      id: 'refund_no',
      header: t('list.number'),
      sortable: true,
      nowrap: true,
      cell: (r) => (
        <Typography
          component={RouterLink}
          to={`/refund/details/${r.id}`}
          state={detailsState}
          aria-label={t('list.open', { number: r.refund_no })}
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
        >
          {r.refund_no}
        </Typography>
      ),
    },
    {
      id: 'order_no',
      header: t('list.order'),
      nowrap: true,
      cell: (r) => <OrderNumberLink id={r.order_id} number={r.order_no} date={r.order_date} />,
    },
    {
      id: 'created',
      header: t('list.dateTime'),
      sortable: true,
      // Squeezed, the time goes under the date rather than pushing the status away.
      cell: (r) => formatDateTime(r.created_at),
    },
    // The refund's details show where, how and why; on a tablet the list keeps its amount and
    // status in view.
    { id: 'outlet', header: t('list.outlet'), priority: 'low', cell: (r) => r.outlet_name },
    {
      id: 'method',
      header: t('list.method'),
      priority: 'low',
      cell: (r) => t(`method.${r.method}`),
    },
    {
      id: 'reason',
      header: t('list.reason'),
      priority: 'low',
      cell: (r) => refundReasonLabels[r.reason][language],
    },
    {
      id: 'amount',
      header: t('list.amount'),
      sortable: true,
      align: 'right',
      cell: (r) => (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {receiptAmount(r.amount)}
        </Box>
      ),
    },
    { id: 'status', header: t('list.status'), cell: (r) => <StatusLabel status={r.status} /> },
  ];

  const filterBar = (
    <OutletDatedFilters
      t={t}
      from={query.from}
      to={query.to}
      onChange={update}
      testIdPrefix="refund-filter"
      scope={scope}
      outlet={query.outlet_id}
      onOutletChange={(outlet) => update({ outlet_id: outlet })}
      filtering={filtering}
      onClear={clearFilters}
    >
      <FilterSelect
        label={t('list.filterMethod')}
        value={query.method ?? ''}
        onChange={(v) => update({ method: (v || undefined) as RefundListQuery['method'] })}
        anyLabel={t('list.all')}
        options={refundMethods.map((m) => ({ value: m, label: t(`method.${m}`) }))}
        minWidth={170}
        testId="refund-filter-method"
      />
    </OutletDatedFilters>
  );

  const download = () => {
    void exportRefunds(withoutPaging(query)).catch(() => undefined);
  };

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={<ExportButton label={t('list.export')} onClick={download} testId="refund-export" />}
    >
      <Card>
        <Tabs
          value={status ? tabValue(status) : 'all'}
          onChange={(_e, value: string) =>
            update({ status: refundStatuses.find((s) => tabValue(s) === value) ?? '' })
          }
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('list.statusTabs')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="all"
            label={`${t('list.allStatuses')} (${allCount})`}
            data-testid="refund-tab-all"
          />
          {refundStatuses.map((s) => (
            <Tab
              key={s}
              value={tabValue(s)}
              label={`${ts(`recordStatus.${tabValue(s) as 'WAITING_TRANSFER'}`)} (${countOf(s)})`}
              data-testid={`refund-tab-${tabValue(s)}`}
            />
          ))}
        </Tabs>
        <DataTable<RefundSummary>
          label={t('list.table')}
          testId="refund-list-table"
          columns={columns}
          rowKey={(r) => r.id}
          rowTestId={(r) => `refund-row-${r.refund_no}`}
          onRowClick={(r) => void navigate(`/refund/details/${r.id}`, { state: detailsState })}
          {...urlTableProps(query, update)}
          searchLabel={t('list.search')}
          searchTestId="refund-search"
          filters={filterBar}
          {...listQueryProps(refunds)}
          emptyMessage={filtering || status ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
    </ListPage>
  );
}
