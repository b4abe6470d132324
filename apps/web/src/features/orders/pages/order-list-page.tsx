import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EventAvailable from '@mui/icons-material/EventAvailable';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Summarize from '@mui/icons-material/Summarize';
import {
  orderSources,
  orderStatuses,
  paymentMethods,
  servingMethods,
  type OrderListQuery,
  type OrderSummary,
} from '@kopi/contract';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { queryStatusProps } from '../../../components/data-table/paged-table-props';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { sortParam } from '../../../components/data-table/table-state';
import { DateRangeFields } from '../../../components/date-field/date-range-fields';
import { PageHeader } from '../../../components/page-header';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { StatusLabel } from '../../../components/status-label';
import { TenantRequiredCard, usePlatformWide } from '../../../components/tenant-filter';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { exportOrders, useInvalidateOrders, useOrders } from '../api';
import { CloseDayDialog } from '../components/close-day-dialog';
import { ZReportDialog } from '../components/z-report-dialog';
import { useOrderStrings } from '../i18n';
import { isFiltering, parseSort, useOrderListParams, type OrderFilterKey } from '../list-params';
import { refundStateOf } from '../refund-state';
import { useOutletScope } from '../../../lib/outlet-scope';

const viaLabel = { 'pos-apps': 'POS', 'mobile-apps': 'MOBILE' } as const;

function withoutOutlet(query: OrderListQuery): OrderListQuery {
  const { outlet: _outlet, ...rest } = query;
  return rest;
}

/**
 * /order/list (read order): every order the user may see, filters kept in the URL. Orders belong
 * to a tenant: a platform user outside any tenant is asked to choose one first.
 */
export function OrderListPage() {
  const { t } = useOrderStrings();
  if (usePlatformWide())
    return (
      <>
        <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
        <TenantRequiredCard />
      </>
    );
  return <OrderList />;
}

function OrderList() {
  const { t, ts } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  const can = useCan();
  const navigate = useNavigate();
  // Details link back to this list with its filters.
  const detailsState = { listSearch: useLocation().search };
  const { query: urlQuery, update, clearFilters } = useOrderListParams();
  const scope = useOutletScope({ source: 'orders' });
  // Bound staff have no outlet filter: a shared link naming another outlet would only be a 404.
  const query = scope.bound ? withoutOutlet(urlQuery) : urlQuery;
  // Of the list shown, so a dropped outlet alone offers nothing to clear.
  const filtering = isFiltering(query);
  const orders = useOrders(query);
  const invalidate = useInvalidateOrders();
  const [dialog, setDialog] = useState<'close-day' | 'z-report' | null>(null);
  const mayCloseDay = can('close', 'day-order');
  const mayReadReports = can('read', 'order');
  const rows = orders.data?.rows ?? [];
  // Below 1280 px the outlet shares the number's cell, and serving and via the payment's, so
  // total and status stay in view at 1024 px.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const viaChip = (o: OrderSummary) => (
    <Chip
      size="small"
      variant="outlined"
      color={o.via === 'POS' ? 'default' : 'secondary'}
      label={t(`via.${o.via}`)}
    />
  );
  const serving = (o: OrderSummary) =>
    `${tr(`serving.${o.serving_method}`)}${o.table_no ? ` · ${o.table_no}` : ''}`;
  const payments = (o: OrderSummary) => o.payment_methods.map((m) => tr(`payment.${m}`)).join(', ');

  const orderLink = (o: OrderSummary) => (
    <Typography
      component={RouterLink}
      to={`/order/details/${o.id}`}
      state={detailsState}
      aria-label={t('list.open', { number: o.order_no })}
      sx={{
        fontWeight: 600,
        color: 'text.primary',
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {o.order_no}
    </Typography>
  );

  const columns: DataTableColumn<OrderSummary>[] = [
    {
      id: 'order_no',
      header: t('list.number'),
      sortable: true,
      cell: compact
        ? (o) => (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              {orderLink(o)}
              <Typography variant="caption" color="text.secondary">
                {o.outlet_name}
              </Typography>
            </Stack>
          )
        : orderLink,
    },
    {
      id: 'created',
      header: t('list.dateTime'),
      sortable: true,
      // Compact: the date above the time.
      cell: (o) => (
        <Box component="span" sx={{ whiteSpace: compact ? 'pre-line' : 'nowrap' }}>
          {compact ? formatDateTime(o.created_at).replace(' ', '\n') : formatDateTime(o.created_at)}
        </Box>
      ),
    },
    {
      id: 'customer',
      header: t('list.customer'),
      cell: (o) =>
        o.customer_name || o.customer_phone ? (
          <Stack>
            <span>{o.customer_name ?? o.customer_phone}</span>
            {o.customer_name && o.customer_phone && (
              <Typography variant="caption" color="text.secondary">
                {o.customer_phone}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('list.walkIn')}
          </Typography>
        ),
    },
    ...(compact
      ? [
          {
            id: 'payment',
            header: t('list.payment'),
            cell: (o: OrderSummary) => (
              <Stack>
                <span>{payments(o)}</span>
                <Typography variant="caption" color="text.secondary">
                  {serving(o)} · {t(`via.${o.via}`)}
                </Typography>
              </Stack>
            ),
          },
        ]
      : [
          { id: 'outlet', header: t('list.outlet'), cell: (o: OrderSummary) => o.outlet_name },
          { id: 'via', header: t('list.via'), cell: viaChip },
          {
            id: 'serving',
            header: t('list.serving'),
            cell: (o: OrderSummary) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {serving(o)}
              </Box>
            ),
          },
          { id: 'payment', header: t('list.payment'), cell: payments },
        ]),
    {
      id: 'total',
      header: t('list.total'),
      sortable: true,
      align: 'right',
      // What went back sits under the total rather than in a column of its own: at 1024 px the
      // total and the status still fit.
      cell: (o) => (
        <Stack sx={{ alignItems: 'flex-end', fontVariantNumeric: 'tabular-nums' }}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {receiptAmount(o.total)}
          </Box>
          {o.refunded > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ whiteSpace: 'nowrap' }}
              data-testid="order-list-refunded"
            >
              {t('list.refunded', { amount: receiptAmount(o.refunded) })}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (o) => {
        const refundState = refundStateOf(o);
        return (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <StatusLabel status={o.status} />
            {refundState && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t(`details.refundState.${refundState}`)}
                data-testid="order-list-refund-state"
              />
            )}
          </Stack>
        );
      },
    },
  ];

  const select = (
    key: Exclude<OrderFilterKey, 'from' | 'to'>,
    label: string,
    options: { value: string; label: string }[],
    width = 150,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={query[key] ?? ''}
      onChange={(e) => update({ [key]: e.target.value || undefined } as Partial<OrderListQuery>)}
      sx={{ minWidth: width }}
      // The label on the border and "All" in the field: a label inside ran into the arrow.
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': `order-filter-${key}` } as object,
        },
      }}
    >
      <MenuItem value="">{t('list.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  const filterBar = (
    <>
      <DateRangeFields
        from={query.from}
        to={query.to}
        onChange={update}
        labels={{ from: t('list.from'), to: t('list.to'), badRange: t('list.badRange') }}
        testIdPrefix="order-filter"
      />
      {scope.choosable &&
        select(
          'outlet',
          t('list.filterOutlet'),
          scope.outlets.map((o) => ({ value: o.id, label: o.name })),
          170,
        )}
      {select(
        'status',
        t('list.filterStatus'),
        orderStatuses.map((s) => ({ value: s, label: ts(`recordStatus.${s}`) })),
      )}
      {select(
        'source',
        t('list.filterSource'),
        orderSources.map((s) => ({ value: s, label: t(`via.${viaLabel[s]}`) })),
        120,
      )}
      {select(
        'serving_method',
        t('list.filterServing'),
        servingMethods.map((m) => ({ value: m, label: tr(`serving.${m}`) })),
        160,
      )}
      {select(
        'payment_method',
        t('list.filterPayment'),
        paymentMethods.map((m) => ({ value: m, label: tr(`payment.${m}`) })),
        170,
      )}
      {filtering && (
        <Button size="small" color="inherit" onClick={clearFilters}>
          {t('list.clearFilters')}
        </Button>
      )}
    </>
  );

  const download = () => {
    const { page: _page, page_size: _size, ...filters } = query;
    void exportOrders(filters).catch(() => undefined);
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          <>
            {mayReadReports && (
              <Button
                variant="outlined"
                startIcon={<Summarize />}
                onClick={() => setDialog('z-report')}
                data-testid="order-z-report"
              >
                {t('zReport.button')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={download}
              data-testid="order-export"
            >
              {t('list.export')}
            </Button>
            {mayCloseDay && (
              <Button
                variant="contained"
                color="warning"
                startIcon={<EventAvailable />}
                onClick={() => setDialog('close-day')}
                data-testid="order-close-day"
              >
                {t('closeDay.button')}
              </Button>
            )}
          </>
        }
      />
      <Card>
        <DataTable<OrderSummary>
          label={t('list.table')}
          testId="order-list-table"
          stackOnPhone
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          rowTestId={(o) => `order-row-${o.order_no}`}
          onRowClick={(o) => void navigate(`/order/details/${o.id}`, { state: detailsState })}
          total={orders.data?.meta.total ?? 0}
          page={query.page}
          pageSize={query.page_size}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ page_size: pageSize })}
          sort={parseSort(query.sort)}
          onSortChange={(sort) => update({ sort: sortParam(sort) })}
          search={query.q ?? ''}
          onSearchChange={(q) => update({ q: q.trim() || undefined })}
          searchLabel={t('list.search')}
          searchTestId="order-search"
          filters={filterBar}
          {...queryStatusProps(orders)}
          emptyMessage={filtering ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
      <CloseDayDialog
        open={dialog === 'close-day'}
        onClose={() => setDialog(null)}
        outlets={scope.outlets}
        choosable={scope.choosable}
        onClosed={invalidate}
      />
      <ZReportDialog
        open={dialog === 'z-report'}
        onClose={() => setDialog(null)}
        outlets={scope.outlets}
        choosable={scope.choosable}
      />
    </Stack>
  );
}
