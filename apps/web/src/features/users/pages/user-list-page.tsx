import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { StaffUser, TenantFilter, UserListQuery } from '@kopi/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { PageHeader } from '../../../components/page-header';
import { PersonAvatar } from '../../../components/person-avatar';
import { FlagLabel } from '../../../components/status-label';
import { TenantFilterSelect, usePlatformWide } from '../../../components/tenant-filter';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { useSessionUser } from '../../../lib/session/session-store';
import { useInvalidateUsers, useUserOptions, useUsers } from '../api';
import { UserRowMenu } from '../components/user-row-menu';
import { useUserEditor } from '../components/user-editor';
import { useUserStatusActions } from '../components/user-status-dialogs';
import { useUserStrings } from '../i18n';

type StatusFilter = '' | 'active' | 'disabled';

/** /settings/user (read user): staff accounts with search, filters and paging; drawer editing. */
export function UserListPage() {
  const { t } = useUserStrings();
  const can = useCan();
  const navigate = useNavigate();
  const me = useSessionUser();
  const platformWide = usePlatformWide();
  const mayCreate = can('create', 'user');
  const mayUpdate = can('update', 'user');
  const mayDelete = can('delete', 'user');
  const table = useTableState({ sort: { by: 'username', direction: 'asc' } });
  const [status, setStatus] = useState<StatusFilter>('');
  const [roleId, setRoleId] = useState('');
  const [outlet, setOutlet] = useState('');
  const [tenant, setTenant] = useState<TenantFilter | ''>('');
  const query: UserListQuery = useMemo(
    () => ({
      ...table.query,
      status: status || undefined,
      role_id: roleId || undefined,
      id_outlet: (outlet || undefined) as UserListQuery['id_outlet'],
      tenant_id: tenant || undefined,
    }),
    [table.query, status, roleId, outlet, tenant],
  );
  const users = useUsers(query);
  // The filter menus' roles and outlets (the same answer the drawer uses).
  const options = useUserOptions();
  const invalidate = useInvalidateUsers();
  const editor = useUserEditor(invalidate);
  const statusActions = useUserStatusActions(invalidate);
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    table.setPage(1);
  };

  const columns: DataTableColumn<StaffUser>[] = [
    {
      id: 'username',
      header: t('list.user'),
      sortable: true,
      cell: (u) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 200 }}>
          <PersonAvatar name={u.fullname} src={u.avatar} />
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={`/settings/user/view/${u.id}`}
              underline="hover"
              sx={{ fontWeight: 600 }}
              data-testid="user-name"
            >
              {u.fullname}
            </Link>
            <Typography variant="body2" color="text.secondary" data-testid="user-username">
              @{u.username}
              {u.id === me?.id && ` · ${t('list.you')}`}
            </Typography>
            {u.email && (
              <Typography variant="caption" color="text.secondary">
                {u.email}
              </Typography>
            )}
          </Box>
        </Stack>
      ),
    },
    {
      id: 'role',
      header: t('list.role'),
      cell: (u) => <Chip size="small" variant="outlined" label={u.role_name} />,
    },
    {
      id: 'outlet',
      header: t('list.outlet'),
      cell: (u) => (
        <Stack spacing={0.25}>
          <Typography variant="body2">
            {u.outlet_name ?? (u.tenant_id ? t('list.allOutlets') : '—')}
          </Typography>
          {platformWide && (
            <Typography variant="caption" color="text.secondary">
              {u.tenant_name ?? t('list.platform')}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (u) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <FlagLabel on={u.status === 'active'} />
          {u.must_change_password && (
            <Chip size="small" color="warning" variant="outlined" label={t('list.mustChange')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'last_sign_in_at',
      header: t('list.lastSignIn'),
      sortable: true,
      cell: (u) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : t('list.never')}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: t('list.actions'),
      align: 'right',
      cell: (u) => {
        const self = u.id === me?.id;
        return (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            {mayUpdate && (
              <Tooltip title={t('list.edit', { name: u.fullname })}>
                <IconButton
                  aria-label={t('list.edit', { name: u.fullname })}
                  onClick={() => editor.openEdit(u)}
                  data-testid="user-edit"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <UserRowMenu
              user={u}
              actions={{
                onView: () => void navigate(`/settings/user/view/${u.id}`),
                onResetPassword: mayUpdate && !self ? () => editor.openReset(u) : undefined,
                // Nobody disables or deletes themselves (the server refuses too).
                onDisable: mayUpdate && !self ? () => statusActions.askDisable(u) : undefined,
                onEnable: mayUpdate ? () => void statusActions.enable(u) : undefined,
                onDelete: mayDelete && !self ? () => statusActions.askDelete(u) : undefined,
              }}
            />
          </Stack>
        );
      },
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
              onClick={editor.openCreate}
              data-testid="user-add"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <Card>
        <DataTable<StaffUser>
          label={t('list.table')}
          testId="users-table"
          columns={columns}
          rows={users.data?.rows ?? []}
          rowKey={(u) => u.id}
          rowTestId={() => 'user-row'}
          total={users.data?.meta.total ?? 0}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          onPageSizeChange={table.setPageSize}
          sort={table.sort}
          onSortChange={table.setSort}
          search={table.q}
          onSearchChange={table.setQ}
          searchLabel={t('list.search')}
          filters={
            <>
              <TextField
                select
                size="small"
                label={t('list.filterStatus')}
                value={status}
                onChange={(e) => filtered((v) => setStatus(v as StatusFilter))(e.target.value)}
                sx={{ minWidth: 130 }}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object },
                }}
              >
                <MenuItem value="">{t('list.any')}</MenuItem>
                <MenuItem value="active">{t('form.active')}</MenuItem>
                <MenuItem value="disabled">{t('form.disabled')}</MenuItem>
              </TextField>
              <TextField
                select
                size="small"
                label={t('list.filterRole')}
                value={roleId}
                onChange={(e) => filtered(setRoleId)(e.target.value)}
                sx={{ minWidth: 150 }}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'filter-role' } as object },
                }}
              >
                <MenuItem value="">{t('list.any')}</MenuItem>
                {(options.data?.roles ?? []).map((role) => (
                  <MenuItem key={role.id} value={role.id}>
                    {role.name}
                  </MenuItem>
                ))}
              </TextField>
              {(options.data?.outlets.length ?? 0) > 0 && (
                <TextField
                  select
                  size="small"
                  label={t('list.filterOutlet')}
                  value={outlet}
                  onChange={(e) => filtered(setOutlet)(e.target.value)}
                  sx={{ minWidth: 170 }}
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': 'filter-outlet' } as object },
                  }}
                >
                  <MenuItem value="">{t('list.anyOutlet')}</MenuItem>
                  <MenuItem value="all">{t('list.unbound')}</MenuItem>
                  {(options.data?.outlets ?? []).map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {platformWide && (
                <TenantFilterSelect
                  value={tenant}
                  onChange={(v) => filtered((x) => setTenant(x as TenantFilter | ''))(v)}
                />
              )}
            </>
          }
          loading={users.isPending}
          error={users.error}
          onRetry={() => void users.refetch()}
          emptyMessage={t('list.empty')}
        />
      </Card>
      {editor.elements}
      {statusActions.dialog}
    </Stack>
  );
}
