import Chip from '@mui/material/Chip';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rewardStatuses, type Reward, type RewardInput, type RewardStatus } from '@kopi/contract';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { StatusFilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { PeriodLines } from '../../../components/period-lines';
import { EditDeleteActions } from '../../../components/list-page/row-actions';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import {
  SwitchOffRemovalDialog,
  useSwitchOffRemoval,
} from '../../../components/list-page/switch-off-removal';
import { useBusinessClock } from '../../../lib/business-clock';
import { useCrudAbilities } from '../../../lib/can-context';
import { useLocalizedName } from '../../../lib/localized-name';
import { createReward, deleteReward, updateReward, useInvalidateRewards, useRewards } from '../api';
import { RewardDrawer } from '../components/reward-drawer';
import { useRewardStrings } from '../i18n';
import { rewardValuesOf } from '../reward-input';

type Filters = { status: '' | RewardStatus };

/**
 * /voucher/rewards (read reward): the points rewards the customer app offers, with their voucher,
 * price, stock used and period, searched by name and filtered by status; created and edited in a
 * drawer; an exchanged reward cannot be deleted (the dialog says so and offers to switch it off).
 */
export function RewardPage() {
  const { t } = useRewardStrings();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('reward');
  const nameOf = useLocalizedName();
  const { timeZone } = useBusinessClock();
  const table = useTableState();
  const { filters, setFilter, filtering, query } = useTableFilters<Filters>(table, { status: '' });
  const rewards = useRewards(query);
  const invalidate = useInvalidateRewards();
  const editor = useFormEditor<Reward, RewardInput>(createReward, updateReward, invalidate, t);
  // Exchanged: the server refuses (reward_in_use); say why and offer to switch it off.
  const removal = useSwitchOffRemoval<Reward>({
    remove: (r) => deleteReward(r.id),
    switchOff: (r) => updateReward(r.id, { ...rewardValuesOf(r), status: 'inactive' }),
    refresh: invalidate,
    t,
  });

  const columns: DataTableColumn<Reward>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (r) => (
        <Typography sx={{ fontWeight: 500, minWidth: 140 }} data-testid="reward-name">
          {nameOf(r.name_en, r.name_my)}
        </Typography>
      ),
    },
    // The reward's form shows its voucher and period; on a tablet the list keeps its price,
    // stock, status and buttons in view.
    {
      id: 'voucher',
      header: t('list.voucher'),
      priority: 'low',
      cell: (r) => nameOf(r.voucher_name_en, r.voucher_name_my),
    },
    {
      id: 'price',
      header: t('list.price'),
      cell: (r) => t('list.points', { points: r.points_price.toLocaleString('en-MY') }),
    },
    {
      id: 'stock',
      header: t('list.stock'),
      cell: (r) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="reward-stock">
          {r.stock == null
            ? t('list.issuedNoLimit', { issued: r.issued })
            : t('list.issuedOf', { issued: r.issued, stock: r.stock })}
        </Typography>
      ),
    },
    {
      id: 'period',
      header: t('list.period'),
      priority: 'low',
      cell: (r) => (
        <Stack spacing={0.25} sx={{ whiteSpace: 'nowrap' }}>
          <PeriodLines from={r.starts_at} until={r.ends_at} timeZone={timeZone} t={t} />
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (r) => (
        <Chip
          size="small"
          color={r.status === 'active' ? 'success' : 'warning'}
          variant={r.status === 'active' ? 'filled' : 'outlined'}
          label={t(`status.${r.status}`)}
          data-testid="reward-status-chip"
        />
      ),
    },
    actionsColumn(t('list.actions'), (r) => (
      <EditDeleteActions
        name={r.name_en}
        t={t}
        onEdit={mayUpdate ? () => editor.openEdit(r) : undefined}
        onDelete={mayDelete ? () => removal.ask(r) : undefined}
      />
    )),
  ];

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'reward-add' }}
    >
      <Card>
        <DataTable<Reward>
          {...pagedTableProps(table, rewards)}
          label={t('list.table')}
          testId="rewards-table"
          searchLabel={t('list.search')}
          columns={columns}
          rowKey={(r) => r.id}
          rowTestId={() => 'reward-row'}
          filters={
            <StatusFilterSelect
              statuses={rewardStatuses}
              value={filters.status}
              onChange={(next) => setFilter('status', next)}
              anyLabel={t('list.any')}
              t={t}
              minWidth={140}
              testId="reward-filter-status"
            />
          }
          emptyMessage={filtering || table.q ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
      <RewardDrawer {...editor.form} reward={editor.record} timeZone={timeZone} />
      <SwitchOffRemovalDialog<Reward>
        removal={removal}
        name="reward"
        t={t}
        labelOf={(r) => r.name_en}
        mayUpdate={mayUpdate}
      />
    </ListPage>
  );
}
