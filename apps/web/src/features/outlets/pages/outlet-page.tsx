import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccessTime from '@mui/icons-material/AccessTime';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Outlet } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
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
  createOutlet,
  deleteOutlet,
  updateOutlet,
  useInvalidateOutlets,
  useOutlets,
  type OutletListQuery,
} from '../api';
import { OpenStateChip } from '../components/open-state-chip';
import { OutletDrawer } from '../components/outlet-drawer';
import { useOutletStrings } from '../i18n';
import { outletInputOf } from '../outlet-input';

/** /outlet (read outlet): the outlets, whether each is open now, create and edit in a drawer. */
export function OutletPage() {
  const { t } = useOutletStrings();
  const can = useCan();
  const mayCreate = can('create', 'outlet');
  const mayUpdate = can('update', 'outlet');
  const mayDelete = can('delete', 'outlet');
  const mayHours = can('read', 'time-management');
  const table = useTableState();
  const [status, setStatus] = useState<'' | 'active' | 'disabled'>('');
  const query: OutletListQuery = useMemo(
    () => ({ ...table.query, status: status || undefined }),
    [table.query, status],
  );
  const outlets = useOutlets(query);
  const invalidate = useInvalidateOutlets();
  const [drawer, setDrawer] = useState<{ outlet: Outlet | null } | null>(null);
  const [deleting, setDeleting] = useState<{ outlet: Outlet; blocked?: string } | null>(null);

  const remove = async (target: NonNullable<typeof deleting>) => {
    try {
      if (target.blocked) {
        await updateOutlet(target.outlet.id, outletInputOf(target.outlet, { status: 'disabled' }));
        toast.success(t('list.disabledDone'));
      } else {
        await deleteOutlet(target.outlet.id);
        toast.success(t('list.deleted'));
      }
      setDeleting(null);
      await invalidate();
    } catch (error) {
      // Staff or orders: the server refuses (outlet_in_use); show why and offer to disable.
      if (error instanceof HttpError && error.status === 409)
        setDeleting({ ...target, blocked: error.message });
      else {
        if (error instanceof HttpError && !target.blocked) toast.error(error.message);
        setDeleting(null);
      }
    }
  };

  const columns: DataTableColumn<Outlet>[] = [
    {
      id: 'code',
      header: t('list.code'),
      cell: (o) => (
        <Box component="code" sx={{ fontWeight: 600 }}>
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
          {o.address && (
            <Typography variant="caption" color="text.secondary">
              {o.address}
            </Typography>
          )}
          {o.phone && (
            <Typography variant="caption" color="text.secondary">
              {o.phone}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'serving',
      header: t('list.serving'),
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
    {
      id: 'actions',
      header: t('list.actions'),
      align: 'right',
      cell: (o) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {mayHours && (
            <Tooltip title={t('list.hours', { name: o.name })}>
              <IconButton
                component={RouterLink}
                to={`/outlet/time-management?outlet=${o.id}`}
                aria-label={t('list.hours', { name: o.name })}
              >
                <AccessTime fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {mayUpdate && (
            <Tooltip title={t('list.edit', { name: o.name })}>
              <IconButton
                aria-label={t('list.edit', { name: o.name })}
                onClick={() => setDrawer({ outlet: o })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {mayDelete && (
            <Tooltip title={t('list.delete', { name: o.name })}>
              <IconButton
                aria-label={t('list.delete', { name: o.name })}
                onClick={() => setDeleting({ outlet: o })}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          mayCreate && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDrawer({ outlet: null })}
              data-testid="outlet-add"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <Card>
        <DataTable<Outlet>
          label={t('list.table')}
          testId="outlets-table"
          columns={columns}
          rows={outlets.data?.rows ?? []}
          rowKey={(o) => o.id}
          total={outlets.data?.meta.total ?? 0}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          onPageSizeChange={table.setPageSize}
          search={table.q}
          onSearchChange={table.setQ}
          filters={
            <TextField
              select
              size="small"
              label={t('list.filterStatus')}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as typeof status);
                table.setPage(1);
              }}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t('list.all')}</MenuItem>
              <MenuItem value="active">{t('form.active')}</MenuItem>
              <MenuItem value="disabled">{t('form.disabled')}</MenuItem>
            </TextField>
          }
          loading={outlets.isPending}
          error={outlets.error}
          onRetry={() => void outlets.refetch()}
          emptyMessage={t('list.empty')}
        />
      </Card>
      <OutletDrawer
        open={Boolean(drawer)}
        outlet={drawer?.outlet ?? null}
        onClose={() => setDrawer(null)}
        onSubmit={async (values) => {
          const outlet = drawer?.outlet;
          if (outlet) await updateOutlet(outlet.id, values);
          else await createOutlet(values);
          toast.success(outlet ? t('form.saved') : t('form.created'));
          setDrawer(null);
          await invalidate();
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting?.blocked ? t('list.cannotDeleteTitle') : t('list.deleteTitle')}
        message={
          deleting?.blocked ? (
            <span data-testid="outlet-blocked-reason">{deleting.blocked}</span>
          ) : deleting ? (
            t('list.deleteMessage', { name: deleting.outlet.name })
          ) : undefined
        }
        confirmLabel={
          deleting?.blocked
            ? t('list.disableInstead')
            : deleting
              ? t('list.delete', { name: deleting.outlet.name })
              : undefined
        }
        confirmColor={deleting?.blocked ? 'warning' : 'error'}
        confirmDisabled={
          Boolean(deleting?.blocked) && (!mayUpdate || deleting?.outlet.status === 'disabled')
        }
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
