import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  campaignEditable,
  campaignStatuses,
  type CampaignStatus,
  type VoucherCampaign,
  type VoucherCampaignParsed,
} from '@kopi/contract';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { AddButton } from '../../../components/list-page/add-button';
import { StatusFilterSelect } from '../../../components/list-page/filter-select';
import { EditDeleteActions } from '../../../components/list-page/row-actions';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { ConfirmedDeleteDialog } from '../../../components/list-page/confirmed-delete-dialog';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { useBusinessClock } from '../../../lib/business-clock';
import { useCrudAbilities } from '../../../lib/can-context';
import { formatInstant } from '../../../lib/instant';
import {
  createCampaign,
  deleteCampaign,
  updateCampaign,
  useCampaigns,
  useInvalidateCampaignLists,
  useInvalidateCampaigns,
  useTiers,
} from '../api';
import { useCampaignStrings } from '../i18n';
import { CampaignDrawer } from './campaign-drawer';
import { CampaignMoves } from './campaign-moves';
import { IssueProgress } from './issue-progress';

type Filters = { status: '' | CampaignStatus };

const statusColor: Record<CampaignStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  ongoing: 'success',
  paused: 'warning',
  ended: 'default',
};

/**
 * The voucher campaigns of the tenant (a tab of /voucher-campaign): searched by name, filtered by
 * status, paged; created and edited (draft or scheduled) in a drawer; moved through their
 * statuses, each move asked first; a draft deleted after asking; the codes a live campaign is
 * issuing shown as they go out.
 */
export function CampaignsPanel() {
  const { t } = useCampaignStrings();
  const { can, mayCreate, mayUpdate, mayDelete } = useCrudAbilities('voucher-campaign');
  const { timeZone } = useBusinessClock();
  const table = useTableState();
  const { filters, setFilter, filtering, query } = useTableFilters<Filters>(table, { status: '' });
  const campaigns = useCampaigns(query);
  const invalidate = useInvalidateCampaigns();
  const refreshLists = useInvalidateCampaignLists();
  const tiers = useTiers(
    Boolean(campaigns.data?.rows.some((c) => c.audience_kind === 'tier')) &&
      can('read', 'membership'),
  );
  const editor = useFormEditor<VoucherCampaign, VoucherCampaignParsed>(
    createCampaign,
    updateCampaign,
    invalidate,
    t,
  );
  const removal = useConfirmedDelete<VoucherCampaign>({
    remove: (c) => deleteCampaign(c.id),
    refresh: invalidate,
    doneMessage: t('list.deleted'),
  });

  const audienceOf = (c: VoucherCampaign) => {
    switch (c.audience_kind) {
      case 'tier': {
        const tier = tiers.data?.find((x) => x.id === c.audience_tier_id);
        return t('audienceShort.tier', { tier: tier?.name_en ?? '…' });
      }
      case 'new_customers':
      case 'inactive':
        return t(`audienceShort.${c.audience_kind}`, { days: c.audience_days });
      case 'phone_list':
        return t('audienceShort.phone_list', { count: c.audience_phones.length });
      default:
        return t(`audienceShort.${c.audience_kind}`);
    }
  };

  const columns: DataTableColumn<VoucherCampaign>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (c) => (
        <Stack spacing={0.25} sx={{ minWidth: 160, maxWidth: 240 }}>
          <Typography sx={{ fontWeight: 500 }} data-testid="campaign-name">
            {c.name_en}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {c.voucher_name}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'audience',
      header: t('list.audience'),
      cell: (c) => <Typography variant="body2">{audienceOf(c)}</Typography>,
    },
    {
      id: 'period',
      header: t('list.period'),
      // Each instant keeps to one line; the range breaks between them, so the row's actions fit.
      cell: (c) => (
        <Typography variant="body2">
          {t('list.periodRange', {
            from: formatInstant(c.starts_at, timeZone).replaceAll(' ', '\u00a0'),
            until: formatInstant(c.ends_at, timeZone).replaceAll(' ', '\u00a0'),
          })}
        </Typography>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (c) => (
        <Chip
          size="small"
          label={t(`status.${c.status}`)}
          color={statusColor[c.status]}
          data-testid="campaign-status"
        />
      ),
    },
    {
      id: 'issued',
      header: t('list.issued'),
      cell: (c) => <IssueProgress campaign={c} onSettled={refreshLists} />,
    },
    actionsColumn(t('list.actions'), (c) => (
      <EditDeleteActions
        name={c.name_en}
        t={t}
        onEdit={mayUpdate && campaignEditable(c.status) ? () => editor.openEdit(c) : undefined}
        onDelete={mayDelete && c.status === 'draft' ? () => removal.ask(c) : undefined}
      >
        {mayUpdate && <CampaignMoves campaign={c} onMoved={invalidate} />}
      </EditDeleteActions>
    )),
  ];

  return (
    <Card>
      <DataTable<VoucherCampaign>
        {...pagedTableProps(table, campaigns)}
        label={t('list.table')}
        testId="campaigns-table"
        searchLabel={t('list.search')}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={() => 'campaign-row'}
        actions={
          mayCreate && (
            <AddButton label={t('list.add')} onClick={editor.openCreate} testId="campaign-add" />
          )
        }
        filters={
          <StatusFilterSelect
            statuses={campaignStatuses}
            value={filters.status}
            onChange={(next) => setFilter('status', next)}
            anyLabel={t('list.any')}
            t={t}
            minWidth={140}
            testId="campaign-filter-status"
          />
        }
        emptyMessage={filtering || table.q ? t('list.emptyFiltered') : t('list.empty')}
      />
      <CampaignDrawer {...editor.form} campaign={editor.record} timeZone={timeZone} />
      <ConfirmedDeleteDialog deletion={removal} t={t} labelOf={(c) => c.name_en} />
    </Card>
  );
}
