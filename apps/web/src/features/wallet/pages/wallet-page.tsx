import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { walletEntryKinds, type WalletEntry, type WalletEntryListQuery } from '@kopi/contract';
import { cardTitle } from '../../../components/card-title';
import { DataTable } from '../../../components/data-table/data-table';
import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { urlTableProps, withoutPaging } from '../../../components/data-table/url-list-params';
import { DatedFilters } from '../../../components/list-page/dated-filters';
import { ExportButton } from '../../../components/list-page/export-button';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { useWalletLedgerStrings } from '../../../components/wallet-ledger/i18n';
import { useWalletEntryColumns } from '../../../components/wallet-ledger/wallet-entry-columns';
import { exportWalletEntries, useWalletEntries } from '../api';
import { LiabilityCard } from '../components/liability-card';
import { PendingAdjustmentsCard } from '../components/pending-adjustments-card';
import { useWalletStrings } from '../i18n';
import { isFiltering, useWalletListParams } from '../list-params';

/**
 * /customer/wallet (read wallet): the outstanding balance by day, adjustments waiting for a
 * second approver, and every customer's entries with filters kept in the URL.
 */
export function WalletPage() {
  const { t } = useWalletStrings();
  const { t: tl } = useWalletLedgerStrings();
  const { query, update, clearFilters } = useWalletListParams();
  const entries = useWalletEntries(query);
  const columns = useWalletEntryColumns({ withCustomer: true, sortable: true });
  const filtering = isFiltering(query);

  const filterBar = (
    <DatedFilters
      lead={
        <FilterSelect
          label={t('entries.kind')}
          value={query.kind ?? ''}
          onChange={(v) => update({ kind: (v || undefined) as WalletEntryListQuery['kind'] })}
          anyLabel={t('entries.all')}
          options={walletEntryKinds.map((k) => ({ value: k, label: tl(`kind.${k}`) }))}
          minWidth={150}
          testId="wallet-filter-kind"
        />
      }
      from={query.from}
      to={query.to}
      onChange={update}
      labels={{ from: t('entries.from'), to: t('entries.to'), badRange: t('entries.badRange') }}
      testIdPrefix="wallet-filter"
      filtering={filtering}
      clearLabel={t('entries.clearFilters')}
      onClear={clearFilters}
    />
  );

  const download = () => void exportWalletEntries(withoutPaging(query)).catch(() => undefined);

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={<ExportButton label={t('export')} onClick={download} testId="wallet-export" />}
    >
      <LiabilityCard />
      <PendingAdjustmentsCard />
      <Card component="section" aria-labelledby="wallet-entries-title">
        <CardHeader
          title={t('entries.title')}
          slotProps={{ title: { ...cardTitle.title, id: 'wallet-entries-title' } }}
        />
        <DataTable<WalletEntry>
          label={t('entries.table')}
          testId="wallet-entries-table"
          columns={columns}
          rowKey={(e) => e.id}
          rowTestId={(e) => `wallet-entry-${e.id}`}
          {...urlTableProps(query, update)}
          searchLabel={t('entries.search')}
          searchTestId="wallet-search"
          filters={filterBar}
          {...listQueryProps(entries)}
          emptyMessage={filtering ? t('entries.emptyFiltered') : t('entries.empty')}
        />
      </Card>
    </ListPage>
  );
}
