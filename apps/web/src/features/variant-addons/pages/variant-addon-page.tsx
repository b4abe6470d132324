import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Addon, VariantGroup } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { AddonDialog } from '../../../components/catalogue/addon-dialog';
import { formatMoneyDelta } from '../../../components/catalogue/money-delta';
import { VariantGroupDialog } from '../../../components/catalogue/variant-group-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { PageHeader } from '../../../components/page-header';
import { FlagLabel } from '../../../components/status-label';
import { useCan } from '../../../lib/can-context';
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
  const can = useCan();
  const mayCreate = can('create', 'variant-addon');
  const mayUpdate = can('update', 'variant-addon');
  const mayDelete = can('delete', 'variant-addon');
  const [tab, setTab] = useState<Tab>('groups');
  const groupsTable = useTableState();
  const addonsTable = useTableState();
  const groups = useVariantGroups(groupsTable.query);
  const addons = useAddons(addonsTable.query);
  const invalidate = useInvalidateLibrary();
  const [groupDialog, setGroupDialog] = useState<{ item: VariantGroup | null } | null>(null);
  const [addonDialog, setAddonDialog] = useState<{ item: Addon | null } | null>(null);
  const [removal, setRemoval] = useState<Removal>(null);
  const [inUse, setInUse] = useState<string | null>(null);

  const actions = (name: string, onEdit: () => void, onDelete: () => void) => (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {mayUpdate && (
        <Tooltip title={t('edit', { name })}>
          <IconButton aria-label={t('edit', { name })} onClick={onEdit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {mayDelete && (
        <Tooltip title={t('delete', { name })}>
          <IconButton aria-label={t('delete', { name })} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
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
    {
      id: 'actions',
      header: t('groups.actions'),
      align: 'right',
      cell: (g) =>
        actions(
          g.variant_name,
          () => setGroupDialog({ item: g }),
          () => askRemove({ kind: 'group', item: g }),
        ),
    },
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
    {
      id: 'actions',
      header: t('addons.actions'),
      align: 'right',
      cell: (a) =>
        actions(
          a.addons_name,
          () => setAddonDialog({ item: a }),
          () => askRemove({ kind: 'addon', item: a }),
        ),
    },
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
    <Stack spacing={3}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          mayCreate &&
          (tab === 'groups' ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setGroupDialog({ item: null })}
              data-testid="variant-group-new"
            >
              {t('groups.add')}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setAddonDialog({ item: null })}
              data-testid="addon-new"
            >
              {t('addons.add')}
            </Button>
          ))
        }
      />
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
            label={t('groups.table')}
            testId="variant-groups-table"
            columns={groupColumns}
            rows={groups.data?.rows ?? []}
            rowKey={(g) => g.id}
            total={groups.data?.meta.total ?? 0}
            page={groupsTable.page}
            pageSize={groupsTable.pageSize}
            onPageChange={groupsTable.setPage}
            onPageSizeChange={groupsTable.setPageSize}
            search={groupsTable.q}
            onSearchChange={groupsTable.setQ}
            loading={groups.isPending}
            error={groups.error}
            onRetry={() => void groups.refetch()}
            emptyMessage={t('groups.empty')}
          />
        ) : (
          <DataTable<Addon>
            label={t('addons.table')}
            testId="addons-table"
            columns={addonColumns}
            rows={addons.data?.rows ?? []}
            rowKey={(a) => a.id}
            total={addons.data?.meta.total ?? 0}
            page={addonsTable.page}
            pageSize={addonsTable.pageSize}
            onPageChange={addonsTable.setPage}
            onPageSizeChange={addonsTable.setPageSize}
            search={addonsTable.q}
            onSearchChange={addonsTable.setQ}
            loading={addons.isPending}
            error={addons.error}
            onRetry={() => void addons.refetch()}
            emptyMessage={t('addons.empty')}
          />
        )}
      </Card>

      <VariantGroupDialog
        open={Boolean(groupDialog)}
        initial={groupDialog?.item ?? null}
        usedBy={groupDialog?.item?.used_by.length ?? 0}
        onClose={() => setGroupDialog(null)}
        onSubmit={async (values) => {
          const item = groupDialog?.item;
          if (item) await updateVariantGroup(item.id, values);
          else await createVariantGroup(values);
          toast.success(item ? t('groups.saved') : t('groups.created'));
          setGroupDialog(null);
          await invalidate();
        }}
      />
      <AddonDialog
        open={Boolean(addonDialog)}
        initial={addonDialog?.item ?? null}
        usedBy={addonDialog?.item?.used_by.length ?? 0}
        onClose={() => setAddonDialog(null)}
        onSubmit={async (values) => {
          const item = addonDialog?.item;
          if (item) await updateAddon(item.id, values);
          else await createAddon(values);
          toast.success(item ? t('addons.saved') : t('addons.created'));
          setAddonDialog(null);
          await invalidate();
        }}
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
    </Stack>
  );
}
