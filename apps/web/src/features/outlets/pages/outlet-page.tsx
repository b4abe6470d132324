import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTime from '@mui/icons-material/AccessTime';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import type { Outlet, OutletInput } from '@kopi/contract';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { RowAction, EditDeleteActions } from '../../../components/list-page/row-actions';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { useGuardedRemoval } from '../../../components/list-page/use-guarded-removal';
import { GuardedRemovalDialog } from '../../../components/list-page/guarded-removal-dialog';
import { ListPage } from '../../../components/list-page/list-page';
import { FlagLabel } from '../../../components/status-label';
import { useCrudAbilities } from '../../../lib/can-context';
import { formatMoney } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { createOutlet, deleteOutlet, updateOutlet, useInvalidateOutlets, useOutlets } from '../api';
import { OpenStateChip } from '../components/open-state-chip';
import { OutletDrawer } from '../components/outlet-drawer';
import { TillsDialog } from '../components/tills-dialog';
import { useOutletStrings } from '../i18n';
import { outletInputOf } from '../outlet-input';
import { statusOptions } from '../../../components/form-fields';

type OutletStatusFilter = '' | 'active' | 'disabled';

/**
 * /outlet (read outlet): the outlets, whether each is open now, create and edit in a drawer, and
 * each outlet's tills (update outlet).
 */
export function OutletPage() {
  const { t } = useOutletStrings();
  const { can, mayCreate, mayUpdate, mayDelete } = useCrudAbilities('outlet');
  const mayHours = can('read', 'time-management');
  const table = useTableState();
  const { filters, setFilter, query } = useTableFilters(table, {
    status: '' as OutletStatusFilter,
  });
  const outlets = useOutlets(query);
  const invalidate = useInvalidateOutlets();
  const editor = useFormEditor<Outlet, OutletInput>(createOutlet, updateOutlet, invalidate, t);
  // Staff or orders: the server refuses (outlet_in_use); say why and offer to disable.
  const removal = useGuardedRemoval<Outlet>({
    remove: async (outlet) => {
      await deleteOutlet(outlet.id);
      toast.success(t('list.deleted'));
    },
    fallback: async (outlet) => {
      await updateOutlet(outlet.id, outletInputOf(outlet, { status: 'disabled' }));
      toast.success(t('list.disabledDone'));
    },
    refresh: invalidate,
  });
  const [tillsOf, setTillsOf] = useState<Outlet | null>(null);

  const columns: DataTableColumn<Outlet>[] = [
    {
      id: 'code',
      header: t('list.code'),
      cell: (o) => (
        <Box component="code" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {o.code}
        </Box>
      ),
    },
    {
      id: 'name',
      header: t('list.name'),
      cell: (o) => (
        <Stack spacing={0.25} sx={{ minWidth: 180 }}>
          <Typography sx={{ fontWeight: 500 }} data-testid="outlet-name">
            {o.name}
          </Typography>
          {[o.address, o.phone].map(
            (line, i) =>
              line && (
                <Typography key={i} variant="caption" color="text.secondary">
                  {line}
                </Typography>
              ),
          )}
        </Stack>
      ),
    },
    {
      // The outlet's form shows its serving methods and delivery fee.
      id: 'serving',
      header: t('list.serving'),
      priority: 'low',
      cell: (o) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 240 }}>
          {o.serving_methods.map((m) => (
            <Chip
              key={m}
              size="small"
              variant="outlined"
              // The delivery fee rides on the delivery chip: one column fewer to scroll past.
              label={
                m === 'delivery'
                  ? `${t('serving.delivery')} · ${formatMoney(o.delivery_fee)}`
                  : t(`serving.${m}`)
              }
              title={
                m === 'delivery'
                  ? `${t('list.deliveryFee')}: ${formatMoney(o.delivery_fee)}`
                  : undefined
              }
            />
          ))}
        </Box>
      ),
    },
    {
      // Status, open now and paused orders share a cell: the table fits 1024 px with its actions.
      id: 'status',
      header: t('list.status'),
      cell: (o) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <FlagLabel on={o.status === 'active'} />
          <OpenStateChip open={o.open_now} nextOpenAt={o.next_open_at} timezone={o.timezone} />
          {!o.accepting_orders && (
            <Chip size="small" color="warning" label={`${t('list.orders')}: ${t('list.paused')}`} />
          )}
        </Stack>
      ),
    },
    actionsColumn(t('list.actions'), (o) => (
      <EditDeleteActions
        name={o.name}
        t={t}
        onEdit={mayUpdate ? () => editor.openEdit(o) : undefined}
        onDelete={mayDelete ? () => removal.ask(o) : undefined}
      >
        {mayHours && (
          <RowAction
            label={t('list.hours', { name: o.name })}
            icon={<AccessTime fontSize="small" />}
            to={`/outlet/time-management?outlet=${o.id}`}
          />
        )}
        {mayUpdate && (
          <RowAction
            label={t('tills.action', { name: o.name })}
            icon={<PointOfSaleOutlined fontSize="small" />}
            onClick={() => setTillsOf(o)}
            testId="outlet-tills"
          />
        )}
      </EditDeleteActions>
    )),
  ];

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'outlet-add' }}
    >
      <Card>
        <DataTable<Outlet>
          {...pagedTableProps(table, outlets)}
          label={t('list.table')}
          testId="outlets-table"
          columns={columns}
          rowKey={(o) => o.id}
          filters={
            <FilterSelect
              label={t('list.filterStatus')}
              value={filters.status}
              onChange={(next) => setFilter('status', next as OutletStatusFilter)}
              anyLabel={t('list.all')}
              options={statusOptions(t('form.active'), t('form.disabled'))}
              minWidth={140}
            />
          }
          emptyMessage={t('list.empty')}
        />
      </Card>
      <OutletDrawer outlet={editor.record} {...editor.form} />
      <TillsDialog outlet={tillsOf} onClose={() => setTillsOf(null)} />
      <GuardedRemovalDialog<Outlet>
        removal={removal}
        name="outlet"
        t={t}
        labelOf={(o) => o.name}
        fallback={{
          label: t('list.disableInstead'),
          idle: (o) => !mayUpdate || o.status === 'disabled',
        }}
      />
    </ListPage>
  );
}
