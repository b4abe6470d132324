import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Login from '@mui/icons-material/Login';
import type { Tenant, TenantCreateInput, TenantInput } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { StatusFilterSelect } from '../../../components/list-page/filter-select';
import { RowAction, RowActions, EditAction } from '../../../components/list-page/row-actions';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { ListPage } from '../../../components/list-page/list-page';
import { useCan } from '../../../lib/can-context';
import { formatDate } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import {
  activateTenant,
  createTenant,
  suspendTenant,
  updateTenant,
  useInvalidateTenants,
  useTenantContext,
  useTenants,
} from '../api';
import { TenantContextAlert } from '../components/tenant-context-alert';
import {
  FirstAdminPasswordDialog,
  type GeneratedPassword,
} from '../components/first-admin-password-dialog';
import { TenantDrawer } from '../components/tenant-drawer';
import { TenantOutlets } from '../components/tenant-outlets';
import { TenantStatusLabel, type TenantStatus } from '../components/tenant-status-label';
import { useTenantSwitch } from '../components/use-tenant-switch';
import { useTenantStrings } from '../i18n';
import { bpToPercentText } from '../../../lib/percent';

const tenantStatuses = ['active', 'trial', 'suspended', 'pending_payment'] as const;

/** /tenant (read tenant, superadmin): tenants, their settings and outlets; work inside one. */
export function TenantPage() {
  const { t } = useTenantStrings();
  const can = useCan();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const mayCreate = can('create', 'tenant');
  const mayUpdate = can('update', 'tenant');
  const [tab, setTab] = useState<'tenants' | 'outlets'>('tenants');
  const table = useTableState();
  const { filters, setFilter, query } = useTableFilters(table, { status: '' as '' | TenantStatus });
  const tenants = useTenants(query);
  const everyTenant = useTenants({ page: 1, page_size: 100 });
  const context = useTenantContext();
  const invalidate = useInvalidateTenants();
  const [generated, setGenerated] = useState<GeneratedPassword | null>(null);
  // A new tenant's first admin: a generated password is shown once, a sent link is confirmed.
  const create = async (values: TenantInput | TenantCreateInput) => {
    const { first_admin: firstAdmin } = await createTenant(values as TenantCreateInput);
    const setup = firstAdmin.password_setup;
    if (setup.temporary_password) {
      const name = (values as TenantCreateInput).first_admin.fullname;
      setGenerated({ name, password: setup.temporary_password });
    } else if (setup.email_sent_to) {
      toast.success(t('firstAdmin.sent', { email: setup.email_sent_to }));
    }
  };
  const editor = useFormEditor<Tenant, TenantInput | TenantCreateInput>(
    create,
    updateTenant,
    invalidate,
    t,
  );
  const [confirm, setConfirm] = useState<{ tenant: Tenant; action: 'suspend' | 'activate' } | null>(
    null,
  );
  const { switching, switchTo } = useTenantSwitch();

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
    actionsColumn(t('list.actions'), (x) => (
      <RowActions>
        {acting !== x.id && x.status !== 'suspended' && (
          <RowAction
            label={t('list.enterNamed', { name: x.name })}
            icon={<Login fontSize="small" />}
            disabled={switching}
            onClick={() => void switchTo(x)}
            testId="tenant-enter"
          />
        )}
        {mayUpdate && (
          <EditAction label={t('list.edit', { name: x.name })} onClick={() => editor.openEdit(x)} />
        )}
        {mayUpdate &&
          (x.status === 'suspended' ? (
            <RowAction
              label={t('list.activateNamed', { name: x.name })}
              icon={<CheckCircle fontSize="small" />}
              onClick={() => setConfirm({ tenant: x, action: 'activate' })}
              color="success"
            />
          ) : (
            <RowAction
              label={t('list.suspendNamed', { name: x.name })}
              icon={<Block fontSize="small" />}
              onClick={() => setConfirm({ tenant: x, action: 'suspend' })}
              color="error"
            />
          ))}
      </RowActions>
    )),
  ];

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'tenant-add' }}
    >
      {context.data && (
        <TenantContextAlert
          acting={Boolean(acting)}
          actingName={context.data.acting_tenant_name}
          switching={switching}
          onLeave={() => void switchTo(null)}
        />
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
            {...pagedTableProps(table, tenants)}
            label={t('list.table')}
            testId="tenants-table"
            columns={columns}
            rowKey={(x) => x.id}
            filters={
              <StatusFilterSelect
                statuses={tenantStatuses}
                value={filters.status}
                onChange={(next) => setFilter('status', next as TenantStatus)}
                anyLabel={t('list.all')}
                t={t}
                minWidth={160}
              />
            }
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
      <TenantDrawer tenant={editor.record} {...editor.form} />
      <FirstAdminPasswordDialog generated={generated} onClose={() => setGenerated(null)} />
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
    </ListPage>
  );
}
