import { queryStatusProps } from '../../../components/data-table/paged-table-props';
import { OutletDatedFilters } from '../../../components/list-page/dated-filters';
import { ExportButton } from '../../../components/list-page/export-button';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailable from '@mui/icons-material/EventAvailable';
import Summarize from '@mui/icons-material/Summarize';
import {
  orderSources,
  orderStatuses,
  paymentMethods,
  servingMethods,
  type OrderListQuery,
  type OrderSummary,
} from '@kopi/contract';
import { useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { urlTableProps, withoutPaging } from '../../../components/data-table/url-list-params';
import { PageHeader } from '../../../components/page-header';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { TenantRequiredCard, usePlatformWide } from '../../../components/tenant-filter';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { exportOrders, useInvalidateOrders, useOrders } from '../api';
import { CloseDayDialog } from '../components/close-day-dialog';
import { useOrderListColumns } from '../components/order-list-columns';
import { ZReportDialog } from '../components/z-report-dialog';
import { useOrderStrings } from '../i18n';
import { isFiltering, useOrderListParams, type OrderFilterKey } from '../list-params';
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
  const columns = useOrderListColumns(detailsState);

  const select = (
    key: Exclude<OrderFilterKey, 'from' | 'to'>,
    label: string,
    options: { value: string; label: string }[],
    width = 150,
  ) => (
    <FilterSelect
      label={label}
      value={query[key] ?? ''}
      onChange={(v) => update({ [key]: v || undefined } as Partial<OrderListQuery>)}
      anyLabel={t('list.all')}
      options={options}
      minWidth={width}
      testId={`order-filter-${key}`}
    />
  );

  const filterBar = (
    <OutletDatedFilters
      t={t}
      from={query.from}
      to={query.to}
      onChange={update}
      testIdPrefix="order-filter"
      scope={scope}
      outlet={query.outlet}
      onOutletChange={(outlet) => update({ outlet })}
      filtering={filtering}
      onClear={clearFilters}
    >
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
    </OutletDatedFilters>
  );

  const download = () => {
    void exportOrders(withoutPaging(query)).catch(() => undefined);
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
            <ExportButton label={t('list.export')} onClick={download} testId="order-export" />
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
      {orders.data?.meta.freshness && (
        <Typography variant="caption" color="warning.main" data-testid="order-list-freshness">
          {t('list.freshness', {
            time: formatDateTime(orders.data.meta.freshness.as_of),
            seconds: orders.data.meta.freshness.lag_seconds,
          })}
        </Typography>
      )}
      <Card>
        <DataTable<OrderSummary>
          label={t('list.table')}
          testId="order-list-table"
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          rowTestId={(o) => `order-row-${o.order_no}`}
          onRowClick={(o) => void navigate(`/order/details/${o.id}`, { state: detailsState })}
          total={orders.data?.meta.total ?? 0}
          {...urlTableProps(query, update)}
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
