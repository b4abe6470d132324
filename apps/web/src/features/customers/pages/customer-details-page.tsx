import { DetailsLoader } from '../../../components/details-loader';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CustomerDetails } from '@kopi/contract';
import { useParams, useSearchParams } from 'react-router';
import { DetailsColumns, DetailsHeader } from '../../../components/details-layout';
import { useCan } from '../../../lib/can-context';
import { formatDate } from '../../../lib/formatters';
import { useCustomer, useRefreshCustomers } from '../api';
import { CustomerActions } from '../components/customer-actions';
import { CustomerStatusChip } from '../components/customer-chips';
import { CustomerNotes } from '../components/customer-notes';
import { CustomerBalancesCard, CustomerProfileCard } from '../components/customer-profile-card';
import {
  CustomerOrdersTable,
  CustomerPointsTable,
  CustomerReferralsTable,
  CustomerWalletTable,
} from '../components/customer-tables';
import { CustomerVouchersTable } from '../components/customer-vouchers-table';
import { useCustomerStrings } from '../i18n';

/** /customer/details/:id (read customer). */
export function CustomerDetailsPage() {
  const { id } = useParams();
  const { t } = useCustomerStrings();
  const customer = useCustomer(id);
  return (
    <DetailsLoader query={customer} name="customer" listPath="/customer/list" t={t}>
      {(record) => <CustomerView customer={record} />}
    </DetailsLoader>
  );
}

const tabKeys = ['orders', 'wallet', 'points', 'vouchers', 'referrals', 'notes'] as const;
type TabKey = (typeof tabKeys)[number];

/** The tabs the user may read: the ledgers need their own subjects. */
function useVisibleTabs(): TabKey[] {
  const can = useCan();
  return tabKeys.filter(
    (key) =>
      (key !== 'wallet' || can('read', 'wallet')) &&
      (key !== 'points' || can('read', 'membership')) &&
      (key !== 'referrals' || can('read', 'referral')),
  );
}

function CustomerView({ customer }: { customer: CustomerDetails }) {
  const { t } = useCustomerStrings();
  const refresh = useRefreshCustomers();
  const [params, setParams] = useSearchParams();
  const visible = useVisibleTabs();
  const asked = params.get('tab') as TabKey | null;
  const tab = asked && visible.includes(asked) ? asked : 'orders';
  const chooseTab = (next: TabKey) =>
    setParams(next === 'orders' ? {} : { tab: next }, { replace: true });

  return (
    <Stack spacing={3} data-testid="customer-details">
      <DetailsHeader
        listPath="/customer/list"
        backLabel={t('details.back')}
        title={
          <>
            <span>{customer.name}</span>
            <CustomerStatusChip status={customer.status} />
            {customer.anonymised && (
              <Chip
                size="small"
                variant="outlined"
                label={t('details.anonymised')}
                data-testid="customer-anonymised"
              />
            )}
          </>
        }
        subtitle={`${customer.phone} · ${t('details.joined')} ${formatDate(customer.created_at)}`}
        actions={<CustomerActions customer={customer} onChanged={refresh} />}
      />
      {customer.anonymised && <Alert severity="info">{t('details.anonymisedNote')}</Alert>}
      <DetailsColumns
        main={
          <Card>
            <Tabs
              value={tab}
              onChange={(_e, value: TabKey) => chooseTab(value)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={t('tabs.label')}
              sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {visible.map((key) => (
                <Tab
                  key={key}
                  value={key}
                  label={t(`tabs.${key}`)}
                  data-testid={`customer-tab-${key}`}
                />
              ))}
            </Tabs>
            {tab === 'orders' && <CustomerOrdersTable customerId={customer.id} />}
            {tab === 'wallet' && <CustomerWalletTable customerId={customer.id} />}
            {tab === 'points' && <CustomerPointsTable customerId={customer.id} />}
            {tab === 'vouchers' && <CustomerVouchersTable customerId={customer.id} />}
            {tab === 'referrals' && <CustomerReferralsTable customerId={customer.id} />}
            {tab === 'notes' && (
              <CustomerNotes customerId={customer.id} readOnly={customer.anonymised} />
            )}
          </Card>
        }
        side={
          <>
            <CustomerBalancesCard customer={customer} />
            <CustomerProfileCard customer={customer} />
          </>
        }
      />
    </Stack>
  );
}
