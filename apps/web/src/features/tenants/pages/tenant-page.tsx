import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import type { Tenant } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { FlagLabel } from '../../../components/status-label';
import { useCan } from '../../../lib/can-context';
import { formatDate } from '../../../lib/formatters';
import { refreshSession } from '../../../lib/session/session-service';
import { toast } from '../../../lib/toasts';
import {
  activateTenant,
  createTenant,
  enterTenant,
  leaveTenant,
  suspendTenant,
  updateTenant,
  useInvalidateTenants,
  useTenantContext,
  useTenantOutlets,
  useTenants,
  type TenantListQuery,
} from '../api';
import { TenantDrawer } from '../components/tenant-drawer';
import { useTenantStrings } from '../i18n';
import { bpToPercentText } from '../percent';

type TenantStatus = Tenant['status'];
const statusColor: Record<TenantStatus, ChipProps['color']> = {
  active: 'success',
  trial: 'info',
  suspended: 'error',
  pending_payment: 'warning',
};

function TenantStatusLabel({ status }: { status: TenantStatus }) {
  const { t } = useTenantStrings();
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      label={t(`status.${status}`)}
      data-testid="tenant-status"
      data-status={status}
    />
  );
}

/** One tenant and its outlets, loaded when opened ("Tenant and Outlet"). */
function TenantOutlets({ tenant }: { tenant: Tenant }) {
  const { t } = useTenantStrings();
  const [open, setOpen] = useState(false);
  const outlets = useTenantOutlets(tenant.id, open);
  return (
    <Accordion
      expanded={open}
      onChange={(_, next) => setOpen(next)}
      disableGutters
      data-testid="tenant-outlets"
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{tenant.name}</Typography>
          <TenantStatusLabel status={tenant.status} />
          <Typography variant="body2" color="text.secondary">
            {t('outlets.count', { count: tenant.outlet_count })}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {outlets.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : outlets.isError ? (
          <Alert severity="error">{t('outlets.error')}</Alert>
        ) : outlets.data.length === 0 ? (
          <Typography color="text.secondary">{t('outlets.none')}</Typography>
        ) : (
          <Table size="small" aria-label={tenant.name}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('outlets.code')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('outlets.name')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('outlets.status')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('outlets.open')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outlets.data.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>
                    <Box component="code">{o.code}</Box>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {o.name}
                    </Typography>
                    {o.address && (
                      <Typography variant="caption" color="text.secondary">
                        {o.address}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <FlagLabel on={o.status === 'active'} />
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={o.open_now ? 'filled' : 'outlined'}
                      color={o.open_now ? 'success' : 'default'}
                      label={o.open_now ? t('outlets.openYes') : t('outlets.openNo')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** /tenant (read tenant, superadmin): tenants, their settings and outlets; work inside one. */
export function TenantPage() {
  const { t } = useTenantStrings();
  const can = useCan();
  const client = useQueryClient();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const mayCreate = can('create', 'tenant');
  const mayUpdate = can('update', 'tenant');
  const [tab, setTab] = useState<'tenants' | 'outlets'>('tenants');
  const table = useTableState();
  const [status, setStatus] = useState<'' | TenantStatus>('');
  const query: TenantListQuery = useMemo(
    () => ({ ...table.query, status: status || undefined }),
    [table.query, status],
  );
  const tenants = useTenants(query);
  const everyTenant = useTenants({ page: 1, page_size: 100 });
  const context = useTenantContext();
  const invalidate = useInvalidateTenants();
  const [drawer, setDrawer] = useState<{ tenant: Tenant | null } | null>(null);
  const [confirm, setConfirm] = useState<{ tenant: Tenant; action: 'suspend' | 'activate' } | null>(
    null,
  );
  const [switching, setSwitching] = useState(false);

  /** Enter or leave a tenant, then renew the session so menus and abilities follow. */
  const switchContext = async (enter: Tenant | null) => {
    setSwitching(true);
    try {
      const next = enter ? await enterTenant(enter.id) : await leaveTenant();
      await refreshSession();
      // Everything cached belonged to the previous context.
      await client.resetQueries();
      toast.success(
        next.acting_tenant_name
          ? t('context.entered', { name: next.acting_tenant_name })
          : t('context.left'),
      );
    } catch {
      // reported by the HTTP client
    } finally {
      setSwitching(false);
    }
  };

  const runConfirm = async () => {
    if (!confirm) return;
    try {
      if (confirm.action === 'suspend') {
        await suspendTenant(confirm.tenant.id);
        toast.success(t('list.suspended'));
      } else {
        await activateTenant(confirm.tenant.id);
        toast.success(t('list.activated'));
      }
      await invalidate();
    } catch {
      // reported by the HTTP client
    } finally {
      setConfirm(null);
    }
  };

  const acting = context.data?.acting_tenant_id ?? null;
  const columns: DataTableColumn<Tenant>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (x) => (
        <Stack spacing={0.25} sx={{ minWidth: 180 }}>
          <Typography sx={{ fontWeight: 500 }} data-testid="tenant-name">
            {x.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {x.slug} · {t('list.plan')}: {x.plan}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (x) => <TenantStatusLabel status={x.status} />,
    },
    {
      id: 'tax',
      header: t('list.tax'),
      cell: (x) =>
        `${bpToPercentText(x.service_tax_rate_bp)}% / ${bpToPercentText(x.service_charge_rate_bp)}%`,
    },
    { id: 'outlets', header: t('list.outlets'), align: 'right', cell: (x) => x.outlet_count },
    // Below 1280 px staff count and creation date give way, so the actions stay in view.
    ...(compact
      ? []
      : [
          {
            id: 'users',
            header: t('list.users'),
            align: 'right' as const,
            cell: (x: Tenant) => x.user_count,
          },
          {
            id: 'created',
            header: t('list.created'),
            cell: (x: Tenant) => formatDate(x.created_at),
          },
        ]),
    {
      id: 'actions',
      header: t('list.actions'),
      align: 'right',
      cell: (x) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {acting !== x.id && x.status !== 'suspended' && (
            <Tooltip title={t('list.enterNamed', { name: x.name })}>
              <span>
                <IconButton
                  aria-label={t('list.enterNamed', { name: x.name })}
                  disabled={switching}
                  onClick={() => void switchContext(x)}
                  data-testid="tenant-enter"
                >
                  <Login fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {mayUpdate && (
            <Tooltip title={t('list.edit', { name: x.name })}>
              <IconButton
                aria-label={t('list.edit', { name: x.name })}
                onClick={() => setDrawer({ tenant: x })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {mayUpdate &&
            (x.status === 'suspended' ? (
              <Tooltip title={t('list.activateNamed', { name: x.name })}>
                <IconButton
                  aria-label={t('list.activateNamed', { name: x.name })}
                  onClick={() => setConfirm({ tenant: x, action: 'activate' })}
                  color="success"
                >
                  <CheckCircle fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title={t('list.suspendNamed', { name: x.name })}>
                <IconButton
                  aria-label={t('list.suspendNamed', { name: x.name })}
                  onClick={() => setConfirm({ tenant: x, action: 'suspend' })}
                  color="error"
                >
                  <Block fontSize="small" />
                </IconButton>
              </Tooltip>
            ))}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          mayCreate && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDrawer({ tenant: null })}
              data-testid="tenant-add"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      {context.data && (
        <Alert
          severity={acting ? 'warning' : 'info'}
          data-testid="tenant-context"
          action={
            acting && (
              <Button
                color="inherit"
                size="small"
                startIcon={<Logout />}
                loading={switching}
                onClick={() => void switchContext(null)}
                data-testid="tenant-leave"
              >
                {t('context.leave')}
              </Button>
            )
          }
        >
          {acting
            ? t('context.inside', { name: context.data.acting_tenant_name ?? '' })
            : t('context.platform')}
        </Alert>
      )}
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: 'tenants' | 'outlets') => setTab(next)}
          aria-label={t('title')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="tenants" label={t('tabs.tenants')} />
          <Tab value="outlets" label={t('tabs.tenantOutlets')} data-testid="tenant-tab-outlets" />
        </Tabs>
        {tab === 'tenants' ? (
          <DataTable<Tenant>
            label={t('list.table')}
            testId="tenants-table"
            columns={columns}
            rows={tenants.data?.rows ?? []}
            rowKey={(x) => x.id}
            total={tenants.data?.meta.total ?? 0}
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
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">{t('list.all')}</MenuItem>
                {(['active', 'trial', 'suspended', 'pending_payment'] as const).map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            }
            loading={tenants.isPending}
            error={tenants.error}
            onRetry={() => void tenants.refetch()}
            emptyMessage={t('list.empty')}
          />
        ) : (
          <Box sx={{ p: 2 }}>
            {everyTenant.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              (everyTenant.data?.rows ?? []).map((x) => <TenantOutlets key={x.id} tenant={x} />)
            )}
          </Box>
        )}
      </Card>
      <TenantDrawer
        open={Boolean(drawer)}
        tenant={drawer?.tenant ?? null}
        onClose={() => setDrawer(null)}
        onSubmit={async (values) => {
          const tenant = drawer?.tenant;
          if (tenant) await updateTenant(tenant.id, values);
          else await createTenant(values);
          toast.success(tenant ? t('form.saved') : t('form.created'));
          setDrawer(null);
          await invalidate();
        }}
      />
      <ConfirmDialog
        open={Boolean(confirm)}
        title={confirm?.action === 'activate' ? t('list.activateTitle') : t('list.suspendTitle')}
        message={
          confirm
            ? confirm.action === 'activate'
              ? t('list.activateMessage', { name: confirm.tenant.name })
              : t('list.suspendMessage', { name: confirm.tenant.name })
            : undefined
        }
        confirmLabel={confirm?.action === 'activate' ? t('list.activate') : t('list.suspend')}
        confirmColor={confirm?.action === 'activate' ? 'primary' : 'error'}
        onConfirm={runConfirm}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
