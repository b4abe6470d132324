import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import {
  staffCustomerStatuses,
  type CustomerListQuery,
  type CustomerSummary,
} from '@kopi/contract';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { urlTableProps, withoutPaging } from '../../../components/data-table/url-list-params';
import { DateRangeFields } from '../../../components/date-field/date-range-fields';
import { ClearFiltersButton } from '../../../components/list-page/clear-filters-button';
import { ExportButton } from '../../../components/list-page/export-button';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { useCan } from '../../../lib/can-context';
import { formatDate } from '../../../lib/formatters';
import { exportCustomers, useCustomers, useTiers } from '../api';
import { CustomerStatusChip, TierChip } from '../components/customer-chips';
import { useCustomerStrings } from '../i18n';
import { isFiltering, useCustomerListParams } from '../list-params';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** A sortable figure, right-aligned in tabular numbers. */
const figureColumn = (
  id: string,
  header: string,
  show: (c: CustomerSummary) => string,
): DataTableColumn<CustomerSummary> => ({
  id,
  header,
  sortable: true,
  align: 'right',
  cell: (c) => (
    <Box component="span" sx={numeric}>
      {show(c)}
    </Box>
  ),
});

/** /customer/list (read customer): searched, filtered and sorted customers, kept in the URL. */
export function CustomerListPage() {
  const { t, language } = useCustomerStrings();
  const can = useCan();
  const navigate = useNavigate();
  const detailsState = { listSearch: useLocation().search };
  const { query, update, clearFilters } = useCustomerListParams();
  const customers = useCustomers(query);
  // The tiers come from the membership screens' list: without read-membership there is no filter.
  const mayReadTiers = can('read', 'membership');
  const tiers = useTiers(mayReadTiers);
  const filtering = isFiltering(query);
  const open = (c: CustomerSummary) =>
    void navigate(`/customer/details/${c.id}`, { state: detailsState });

  const columns: DataTableColumn<CustomerSummary>[] = [
    {
      id: 'name',
      header: t('list.name'),
      sortable: true,
      cell: (c) => (
        <Box>
          <Typography
            component={RouterLink}
            to={`/customer/details/${c.id}`}
            state={detailsState}
            aria-label={t('list.open', { name: c.name })}
            sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
          >
            {c.name}
          </Typography>
          {c.email && (
            <Typography variant="body2" color="text.secondary">
              {c.email}
            </Typography>
          )}
        </Box>
      ),
    },
    // An anonymised customer has no number to show.
    { id: 'phone', header: t('list.phone'), cell: (c) => c.phone || t('details.none') },
    {
      id: 'tier',
      priority: 'low',
      header: t('list.tier'),
      cell: (c) => (c.tier ? <TierChip tier={c.tier} /> : t('list.noTier')),
    },
    {
      ...figureColumn('points', t('list.points'), (c) => c.points.toLocaleString('en-MY')),
      priority: 'low',
    },
    figureColumn('wallet', t('list.wallet'), (c) => receiptAmount(c.wallet_balance)),
    {
      id: 'orders',
      priority: 'low',
      header: t('list.orders'),
      align: 'right',
      cell: (c) => c.orders,
    },
    {
      id: 'last_order',
      priority: 'low',
      header: t('list.lastOrder'),
      sortable: true,
      cell: (c) => (c.last_order_at ? formatDate(c.last_order_at) : t('list.never')),
    },
    {
      id: 'created',
      priority: 'low',
      header: t('list.joined'),
      sortable: true,
      cell: (c) => formatDate(c.created_at),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (c) => <CustomerStatusChip status={c.status} />,
    },
  ];

  const range = (prefix: 'joined' | 'last_order', labels: { from: string; to: string }) => (
    <DateRangeFields
      from={query[`${prefix}_from`]}
      to={query[`${prefix}_to`]}
      onChange={(r) =>
        update({
          ...('from' in r && { [`${prefix}_from`]: r.from }),
          ...('to' in r && { [`${prefix}_to`]: r.to }),
        })
      }
      labels={{ ...labels, badRange: t('list.badRange') }}
      testIdPrefix={`customer-filter-${prefix.replace('_', '-')}`}
    />
  );

  const filterBar = (
    <>
      {mayReadTiers && (
        <FilterSelect
          label={t('list.tier')}
          value={query.tier_id ?? ''}
          onChange={(v) => update({ tier_id: v || undefined })}
          anyLabel={t('list.all')}
          options={[
            { value: 'none', label: t('list.noTierFilter') },
            ...(tiers.data ?? []).map((tier) => ({
              value: tier.id,
              label: language === 'my' ? tier.name_my : tier.name_en,
            })),
          ]}
          minWidth={140}
          testId="customer-filter-tier"
        />
      )}
      <FilterSelect
        label={t('list.status')}
        value={query.status ?? ''}
        onChange={(v) => update({ status: (v || undefined) as CustomerListQuery['status'] })}
        anyLabel={t('list.all')}
        options={staffCustomerStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        minWidth={140}
        testId="customer-filter-status"
      />
      <FilterSelect
        label={t('list.walletFilter')}
        value={query.has_wallet ?? ''}
        onChange={(v) =>
          update({ has_wallet: (v || undefined) as CustomerListQuery['has_wallet'] })
        }
        anyLabel={t('list.all')}
        options={[
          { value: 'true', label: t('list.hasWallet') },
          { value: 'false', label: t('list.noWallet') },
        ]}
        minWidth={160}
        testId="customer-filter-wallet"
      />
      {range('joined', { from: t('list.joinedFrom'), to: t('list.joinedTo') })}
      {range('last_order', { from: t('list.lastOrderFrom'), to: t('list.lastOrderTo') })}
      <ClearFiltersButton
        filtering={filtering}
        label={t('list.clearFilters')}
        onClick={clearFilters}
      />
    </>
  );

  const download = () => void exportCustomers(withoutPaging(query)).catch(() => undefined);

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <ExportButton label={t('list.export')} onClick={download} testId="customer-export" />
      }
    >
      <Card>
        <DataTable<CustomerSummary>
          label={t('list.table')}
          testId="customer-list-table"
          columns={columns}
          rowKey={(c) => c.id}
          rowTestId={(c) => `customer-row-${c.id}`}
          onRowClick={open}
          {...urlTableProps(query, update)}
          searchLabel={t('list.search')}
          searchTestId="customer-search"
          filters={filterBar}
          {...listQueryProps(customers)}
          emptyMessage={filtering ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
    </ListPage>
  );
}
