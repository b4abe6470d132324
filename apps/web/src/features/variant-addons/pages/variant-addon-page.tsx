import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { Addon, AddonInput, VariantGroup, VariantGroupInput } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { AddonDialog } from '../../../components/catalogue/addon-dialog';
import { formatMoneyDelta } from '../../../components/catalogue/money-delta';
import { VariantGroupDialog } from '../../../components/catalogue/variant-group-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { AddButton } from '../../../components/list-page/add-button';
import { RowAction, RowActions, EditAction } from '../../../components/list-page/row-actions';
import { useEntityEditor } from '../../../components/list-page/use-entity-editor';
import { ListPage } from '../../../components/list-page/list-page';
import { FlagLabel } from '../../../components/status-label';
import { useCrudAbilities } from '../../../lib/can-context';
import { formatMoney } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { toast } from '../../../lib/toasts';
import {
  createAddon,
  createVariantGroup,
  deleteAddon,
  deleteVariantGroup,
  updateAddon,
  updateVariantGroup,
  useAddons,
  useInvalidateLibrary,
  useVariantGroups,
} from '../api';
import { useVariantAddonStrings } from '../i18n';

type Tab = 'groups' | 'addons';
type Removal = { kind: 'group'; item: VariantGroup } | { kind: 'addon'; item: Addon } | null;

function UsedBy({ products }: { products: { id: string; name: string }[] }) {
  const { t } = useVariantAddonStrings();
  if (products.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('notUsed')}
      </Typography>
    );
  const shown = products.slice(0, 3);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="used-by">
      {shown.map((p) => (
        <Chip
          key={p.id}
          label={p.name}
          size="small"
          variant="outlined"
          component={RouterLink}
          to={`/product/edit/${p.id}`}
          clickable
        />
      ))}
      {products.length > shown.length && (
        <Chip size="small" label={t('more', { count: products.length - shown.length })} />
      )}
    </Box>
  );
}

/** /product/variant-addon (read variant-addon): the library of variant groups and add-ons. */
export function VariantAddonPage() {
  const { t } = useVariantAddonStrings();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('variant-addon');
  const [tab, setTab] = useState<Tab>('groups');
  const groupsTable = useTableState();
  const addonsTable = useTableState();
  const groups = useVariantGroups(groupsTable.query);
  const addons = useAddons(addonsTable.query);
  const invalidate = useInvalidateLibrary();
  const groupEditor = useEntityEditor<VariantGroup, VariantGroupInput>({
    create: createVariantGroup,
    update: updateVariantGroup,
    refresh: invalidate,
    createdMessage: t('groups.created'),
    savedMessage: t('groups.saved'),
  });
  const addonEditor = useEntityEditor<Addon, AddonInput>({
    create: createAddon,
    update: updateAddon,
    refresh: invalidate,
    createdMessage: t('addons.created'),
    savedMessage: t('addons.saved'),
  });
  const [removal, setRemoval] = useState<Removal>(null);
  const [inUse, setInUse] = useState<string | null>(null);

  const actions = (name: string, onEdit: () => void, onDelete: () => void) => (
    <RowActions>
      {mayUpdate && <EditAction label={t('edit', { name })} onClick={onEdit} />}
      {mayDelete && (
        <RowAction
          label={t('delete', { name })}
          icon={<DeleteOutline fontSize="small" />}
          onClick={onDelete}
        />
      )}
    </RowActions>
  );

  const askRemove = (removal: NonNullable<Removal>) => {
    const name = removal.kind === 'group' ? removal.item.variant_name : removal.item.addons_name;
    const count = removal.item.used_by.length;
    if (count > 0) setInUse(t('inUseMessage', { name, count }));
    else setRemoval(removal);
  };

  const groupColumns: DataTableColumn<VariantGroup>[] = [
    {
      id: 'variant_name',
      header: t('groups.name'),
      cell: (g) => (
        <Typography sx={{ fontWeight: 500, minWidth: 120 }}>{g.variant_name}</Typography>
      ),
    },
    {
      id: 'options',
      header: t('groups.options'),
      cell: (g) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 420 }}>
          {g.options.map((o) => (
            <Chip
              key={o.id}
              size="small"
              label={`${o.options_name} · ${formatMoneyDelta(o.price)}`}
            />
          ))}
        </Box>
      ),
    },
    {
      id: 'rule',
      header: t('groups.rule'),
      cell: (g) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Chip
            size="small"
            color={g.required ? 'warning' : 'default'}
            label={g.required ? t('groups.required') : t('groups.optional')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {g.min_select === 0
              ? t('groups.upTo', { max: g.max_select })
              : t('groups.choices', { min: g.min_select, max: g.max_select })}
          </Typography>
        </Stack>
      ),
    },
    { id: 'used_by', header: t('groups.usedBy'), cell: (g) => <UsedBy products={g.used_by} /> },
    actionsColumn(t('groups.actions'), (g) =>
      actions(
        g.variant_name,
        () => groupEditor.openEdit(g),
        () => askRemove({ kind: 'group', item: g }),
      ),
    ),
  ];

  const addonColumns: DataTableColumn<Addon>[] = [
    {
      id: 'addons_name',
      header: t('addons.name'),
      cell: (a) => <Typography sx={{ fontWeight: 500, minWidth: 120 }}>{a.addons_name}</Typography>,
    },
    { id: 'price', header: t('addons.price'), cell: (a) => formatMoney(a.price) },
    {
      id: 'status',
      header: t('addons.status'),
      cell: (a) => <FlagLabel on={a.status === 'active'} />,
    },
    { id: 'used_by', header: t('addons.usedBy'), cell: (a) => <UsedBy products={a.used_by} /> },
    actionsColumn(t('addons.actions'), (a) =>
      actions(
        a.addons_name,
        () => addonEditor.openEdit(a),
        () => askRemove({ kind: 'addon', item: a }),
      ),
    ),
  ];

  const remove = async (target: NonNullable<Removal>) => {
    try {
      if (target.kind === 'group') await deleteVariantGroup(target.item.id);
      else await deleteAddon(target.item.id);
      toast.success(target.kind === 'group' ? t('groups.deleted') : t('addons.deleted'));
      await invalidate();
    } catch (error) {
      // Attached to a product meanwhile: the server's reason, in the user's language.
      if (error instanceof HttpError) setInUse(error.message);
    } finally {
      setRemoval(null);
    }
  };

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        mayCreate &&
        (tab === 'groups' ? (
          <AddButton
            label={t('groups.add')}
            onClick={groupEditor.openCreate}
            testId="variant-group-new"
          />
        ) : (
          <AddButton label={t('addons.add')} onClick={addonEditor.openCreate} testId="addon-new" />
        ))
      }
    >
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: Tab) => setTab(next)}
          aria-label={t('title')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="groups" label={t('tabs.groups')} data-testid="library-tab-groups" />
          <Tab value="addons" label={t('tabs.addons')} data-testid="library-tab-addons" />
        </Tabs>
        {tab === 'groups' ? (
          <DataTable<VariantGroup>
            {...pagedTableProps(groupsTable, groups)}
            label={t('groups.table')}
            testId="variant-groups-table"
            columns={groupColumns}
            rowKey={(g) => g.id}
            emptyMessage={t('groups.empty')}
          />
        ) : (
          <DataTable<Addon>
            {...pagedTableProps(addonsTable, addons)}
            label={t('addons.table')}
            testId="addons-table"
            columns={addonColumns}
            rowKey={(a) => a.id}
            emptyMessage={t('addons.empty')}
          />
        )}
      </Card>

      <VariantGroupDialog
        initial={groupEditor.record}
        usedBy={groupEditor.record?.used_by.length ?? 0}
        {...groupEditor.form}
      />
      <AddonDialog
        initial={addonEditor.record}
        usedBy={addonEditor.record?.used_by.length ?? 0}
        {...addonEditor.form}
      />
      <ConfirmDialog
        open={Boolean(removal)}
        title={removal?.kind === 'addon' ? t('addons.deleteTitle') : t('groups.deleteTitle')}
        message={
          removal?.kind === 'addon'
            ? t('addons.deleteMessage', { name: removal.item.addons_name })
            : removal
              ? t('groups.deleteMessage', { name: removal.item.variant_name })
              : undefined
        }
        confirmColor="error"
        onConfirm={() => (removal ? remove(removal) : undefined)}
        onClose={() => setRemoval(null)}
      />
      <ConfirmDialog
        open={Boolean(inUse)}
        title={t('inUseTitle')}
        message={<span data-testid="library-in-use">{inUse}</span>}
        onConfirm={() => setInUse(null)}
        onClose={() => setInUse(null)}
      />
    </ListPage>
  );
}
