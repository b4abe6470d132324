import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type {
  CustomerOrderSummary,
  ListQuery,
  PointsEntry,
  Referral,
  WalletEntry,
} from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { OrderNumberLink } from '../../../components/order-number-link';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { listQueryProps, pagingProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { StatusLabel } from '../../../components/status-label';
import { useReasonText } from '../../../components/coded-reason/use-reason-text';
import { useWalletEntryColumns } from '../../../components/wallet-ledger/wallet-entry-columns';
import { formatDateTime } from '../../../lib/formatters';
import { useCustomerTab, type CustomerTab } from '../api';
import { useCustomerStrings } from '../i18n';

// The details page's server-paged tabs: the customer's orders, wallet and points ledgers and
// referrals. Each keeps its own page while the customer is open.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const when = (at: string) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</Box>;

/** An order number that opens the order for staff who may read orders. */
function OrderLink({
  id,
  number,
  date,
}: {
  id: string | null;
  number: string | null;
  date?: string | null;
}) {
  const { t } = useCustomerStrings();
  return (
    <OrderNumberLink id={id} number={number} date={date} label={t('orders.open', { number })} />
  );
}

/**
 * One tab's table with its own paging, named and its emptiness said by the tab's words
 * (`<tab>.table`, `<tab>.empty`); each row is keyed by its id.
 */
export function TabTable<T extends { id: string }>({
  customerId,
  tab,
  columns,
}: {
  customerId: string;
  tab: CustomerTab;
  columns: DataTableColumn<T>[];
}) {
  const { t } = useCustomerStrings();
  const table = useTableState();
  const query: ListQuery = { page: table.page, page_size: table.pageSize };
  const list = useCustomerTab<T>(customerId, tab, query);
  return (
    <DataTable<T>
      label={t(`${tab}.table`)}
      testId={`customer-${tab}-table`}
      columns={columns}
      {...listQueryProps(list)}
      rowKey={(row) => row.id}
      {...pagingProps(table)}
      emptyMessage={t(`${tab}.empty`)}
    />
  );
}

export function CustomerOrdersTable({ customerId }: { customerId: string }) {
  const { t } = useCustomerStrings();
  const columns: DataTableColumn<CustomerOrderSummary>[] = [
    {
      id: 'order_no',
      header: t('orders.number'),
      cell: (o) => <OrderLink id={o.id} number={o.order_no} />,
    },
    { id: 'created', header: t('orders.date'), cell: (o) => when(o.created_at) },
    { id: 'outlet', header: t('orders.outlet'), cell: (o) => o.outlet_name },
    {
      id: 'source',
      header: t('orders.source'),
      cell: (o) =>
        o.source === 'pos-apps' || o.source === 'mobile-apps'
          ? t(`orders.sources.${o.source}`)
          : o.source,
    },
    { id: 'status', header: t('orders.status'), cell: (o) => <StatusLabel status={o.status} /> },
    {
      id: 'total',
      header: t('orders.total'),
      align: 'right',
      cell: (o) => <Box sx={numeric}>{receiptAmount(o.total)}</Box>,
    },
    {
      id: 'refunded',
      header: t('orders.refunded'),
      align: 'right',
      cell: (o) => <Box sx={numeric}>{o.refunded ? receiptAmount(o.refunded) : '—'}</Box>,
    },
  ];
  return <TabTable customerId={customerId} tab="orders" columns={columns} />;
}

export function CustomerWalletTable({ customerId }: { customerId: string }) {
  const columns = useWalletEntryColumns();
  return <TabTable<WalletEntry> customerId={customerId} tab="wallet" columns={columns} />;
}

export function CustomerPointsTable({ customerId }: { customerId: string }) {
  const { t } = useCustomerStrings();
  const reasonText = useReasonText();
  const columns: DataTableColumn<PointsEntry>[] = [
    { id: 'created', header: t('points.when'), cell: (e) => when(e.created_at) },
    {
      id: 'kind',
      header: t('points.kind'),
      cell: (e) => <Chip size="small" variant="outlined" label={t(`points.kinds.${e.kind}`)} />,
    },
    {
      id: 'points',
      header: t('points.points'),
      align: 'right',
      cell: (e) => (
        <Box sx={{ ...numeric, color: e.points < 0 ? 'error.main' : 'success.main' }}>
          {`${e.points > 0 ? '+' : ''}${e.points.toLocaleString('en-MY')}`}
        </Box>
      ),
    },
    {
      id: 'balance_after',
      header: t('points.balanceAfter'),
      align: 'right',
      cell: (e) => <Box sx={numeric}>{e.balance_after.toLocaleString('en-MY')}</Box>,
    },
    {
      id: 'order',
      header: t('points.order'),
      cell: (e) => <OrderLink id={e.order_id} number={e.order_no} date={e.order_date} />,
    },
    { id: 'reason', header: t('points.reason'), cell: (e) => reasonText(e) ?? '—' },
    {
      id: 'by',
      header: t('points.by'),
      cell: (e) => (e.actor_kind === 'staff' ? e.actor_name : t(`points.${e.actor_kind}`)),
    },
  ];
  return <TabTable customerId={customerId} tab="points" columns={columns} />;
}

const referralColours: Record<Referral['status'], NonNullable<ChipProps['color']>> = {
  pending: 'warning',
  rewarded: 'success',
  reversed: 'default',
};

export function CustomerReferralsTable({ customerId }: { customerId: string }) {
  const { t } = useCustomerStrings();
  const other = (r: Referral) => (r.referrer.id === customerId ? r.referee : r.referrer);
  const columns: DataTableColumn<Referral>[] = [
    {
      id: 'role',
      header: t('referrals.role'),
      cell: (r) =>
        r.referrer.id === customerId ? t('referrals.invited') : t('referrals.invitedBy'),
    },
    {
      id: 'person',
      header: t('referrals.person'),
      cell: (r) => (
        <Link component={RouterLink} to={`/customer/details/${other(r).id}`} underline="hover">
          {other(r).name}
        </Link>
      ),
    },
    {
      id: 'status',
      header: t('referrals.status'),
      cell: (r) => (
        <Chip
          size="small"
          color={referralColours[r.status]}
          label={t(`referrals.statuses.${r.status}`)}
        />
      ),
    },
    {
      id: 'order',
      header: t('referrals.order'),
      cell: (r) => <OrderLink id={r.order_id} number={r.order_no} />,
    },
    { id: 'created', header: t('referrals.date'), cell: (r) => when(r.created_at) },
  ];
  return <TabTable customerId={customerId} tab="referrals" columns={columns} />;
}
