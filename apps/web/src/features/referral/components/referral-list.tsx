import { cardTitle } from '../../../components/card-title';
import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { ClearFiltersButton } from '../../../components/list-page/clear-filters-button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { referralStatuses, type Referral, type ReferralListQuery } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { OrderNumberLink } from '../../../components/order-number-link';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { urlPagingProps } from '../../../components/data-table/url-list-params';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { formatDateTime } from '../../../lib/formatters';
import { useReferrals } from '../api';
import { useReferralStrings } from '../i18n';
import { useReferralListParams } from '../list-params';

type ReferralStatus = (typeof referralStatuses)[number];

const statusColours: Record<ReferralStatus, ChipProps['color']> = {
  pending: 'warning',
  rewarded: 'success',
  reversed: 'error',
};

export function ReferralStatusChip({ status }: { status: ReferralStatus }) {
  const { t } = useReferralStrings();
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={statusColours[status]}
      data-status={status}
    />
  );
}

/** A customer of a referral: a link to their details, with their phone under it. */
function Person({ person }: { person: Referral['referrer'] }) {
  return (
    <Box>
      <Link
        component={RouterLink}
        to={`/customer/details/${person.id}`}
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {person.name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {person.phone}
      </Typography>
    </Box>
  );
}

/** Who referred whom, and whether the reward was given or taken back; search, filter, pages. */
export function ReferralList() {
  const { t } = useReferralStrings();
  const { query, update, clearFilters } = useReferralListParams();
  const referrals = useReferrals(query);
  const filtering = Boolean(query.q || query.status);

  const columns: DataTableColumn<Referral>[] = [
    { id: 'referrer', header: t('list.referrer'), cell: (r) => <Person person={r.referrer} /> },
    { id: 'referee', header: t('list.referee'), cell: (r) => <Person person={r.referee} /> },
    {
      id: 'status',
      header: t('list.status'),
      cell: (r) => <ReferralStatusChip status={r.status} />,
    },
    {
      id: 'order',
      header: t('list.order'),
      cell: (r) => <OrderNumberLink id={r.order_id} number={r.order_no} date={r.order_date} />,
    },
    {
      id: 'created',
      header: t('list.joined'),
      // Squeezed, a time goes under its date.
      cell: (r) => formatDateTime(r.created_at),
    },
    {
      id: 'settled',
      header: t('list.settled'),
      cell: (r) => {
        const at = r.reversed_at ?? r.rewarded_at;
        return at ? formatDateTime(at) : '—';
      },
    },
  ];

  return (
    <Card component="section" aria-labelledby="referral-list-title">
      <CardHeader
        title={t('list.title')}
        subheader={t('list.subtitle')}
        slotProps={{ ...cardTitle, title: { ...cardTitle.title, id: 'referral-list-title' } }}
      />
      <DataTable<Referral>
        label={t('list.title')}
        testId="referral-table"
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId={(r) => `referral-row-${r.id}`}
        {...urlPagingProps(query, update)}
        search={query.q ?? ''}
        onSearchChange={(q) => update({ q: q.trim() || undefined })}
        searchLabel={t('list.search')}
        searchTestId="referral-search"
        filters={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FilterSelect
              label={t('list.status')}
              value={query.status ?? ''}
              onChange={(v) => update({ status: (v || undefined) as ReferralListQuery['status'] })}
              anyLabel={t('list.allStatuses')}
              options={referralStatuses.map((s) => ({
                value: s,
                label: <ReferralStatusChip status={s} />,
              }))}
              minWidth={170}
              testId="referral-filter-status"
            />
            <ClearFiltersButton
              filtering={filtering}
              label={t('list.clearFilters')}
              onClick={clearFilters}
            />
          </Stack>
        }
        {...listQueryProps(referrals)}
        emptyMessage={filtering ? t('list.emptyFiltered') : t('list.empty')}
      />
    </Card>
  );
}
