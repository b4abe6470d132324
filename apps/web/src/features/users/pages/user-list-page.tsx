import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffUser, TenantFilter, UserListQuery } from '@kopi/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { RowActions, EditAction } from '../../../components/list-page/row-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { PersonAvatar } from '../../../components/person-avatar';
import { FlagLabel } from '../../../components/status-label';
import { TenantFilterSelect, usePlatformWide } from '../../../components/tenant-filter';
import { useCrudAbilities } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { useSessionUser } from '../../../lib/session/session-store';
import { useInvalidateUsers, useUserOptions, useUsers } from '../api';
import { UserRowMenu } from '../components/user-row-menu';
import { useUserEditor } from '../components/user-editor';
import { useUserStatusActions } from '../components/user-status-dialogs';
import { useUserStrings } from '../i18n';
import { statusOptions } from '../../../components/form-fields';
import { useRoleTexts } from '../../../lib/role-texts';

type StatusFilter = '' | 'active' | 'disabled';
const noFilters = {
  status: '' as StatusFilter,
  role: '',
  outlet: '',
  tenant: '' as TenantFilter | '',
};

/** /settings/user (read user): staff accounts with search, filters and paging; drawer editing. */
export function UserListPage() {
  const { t } = useUserStrings();
  const roleTexts = useRoleTexts();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('user');
  const navigate = useNavigate();
  const me = useSessionUser();
  const platformWide = usePlatformWide();
  const table = useTableState({ sort: { by: 'username', direction: 'asc' } });
  const { filters, setFilter } = useTableFilters(table, noFilters);
  const query: UserListQuery = useMemo(
    () => ({
      ...table.query,
      status: filters.status || undefined,
      role_id: filters.role || undefined,
      id_outlet: (filters.outlet || undefined) as UserListQuery['id_outlet'],
      tenant_id: filters.tenant || undefined,
    }),
    [table.query, filters],
  );
  const users = useUsers(query);
  // The filter menus' roles and outlets (the same answer the drawer uses).
  const options = useUserOptions();
  const invalidate = useInvalidateUsers();
  const editor = useUserEditor(invalidate);
  const statusActions = useUserStatusActions(invalidate);

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
      cell: (u) => <Chip size="small" variant="outlined" label={roleTexts.name(u.role_name)} />,
    },
    // The user's page shows their outlet and last sign-in; on a tablet the list keeps their
    // status and buttons in view.
    {
      id: 'outlet',
      header: t('list.outlet'),
      priority: 'low',
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
      priority: 'low',
      cell: (u) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : t('list.never')}
        </Typography>
      ),
    },
    actionsColumn(t('list.actions'), (u) => {
      const self = u.id === me?.id;
      return (
        <RowActions>
          {mayUpdate && (
            <EditAction
              label={t('list.edit', { name: u.fullname })}
              onClick={() => editor.openEdit(u)}
              testId="user-edit"
            />
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
        </RowActions>
      );
    }),
  ];

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'user-add' }}
    >
      <Card>
        <DataTable<StaffUser>
          {...pagedTableProps(table, users)}
          label={t('list.table')}
          testId="users-table"
          columns={columns}
          rowKey={(u) => u.id}
          rowTestId={() => 'user-row'}
          searchLabel={t('list.search')}
          filters={
            <>
              <FilterSelect
                label={t('list.filterStatus')}
                value={filters.status}
                onChange={(v) => setFilter('status', v as StatusFilter)}
                anyLabel={t('list.any')}
                options={statusOptions(t('form.active'), t('form.disabled'))}
                minWidth={130}
                testId="filter-status"
              />
              <FilterSelect
                label={t('list.filterRole')}
                value={filters.role}
                onChange={(v) => setFilter('role', v)}
                anyLabel={t('list.any')}
                options={(options.data?.roles ?? []).map((role) => ({
                  value: role.id,
                  label: roleTexts.name(role.name),
                }))}
                minWidth={150}
                testId="filter-role"
              />
              {(options.data?.outlets.length ?? 0) > 0 && (
                <FilterSelect
                  label={t('list.filterOutlet')}
                  value={filters.outlet}
                  onChange={(v) => setFilter('outlet', v)}
                  anyLabel={t('list.anyOutlet')}
                  options={[
                    { value: 'all', label: t('list.unbound') },
                    ...(options.data?.outlets ?? []).map((o) => ({ value: o.id, label: o.name })),
                  ]}
                  minWidth={170}
                  testId="filter-outlet"
                />
              )}
              {platformWide && (
                <TenantFilterSelect
                  value={filters.tenant}
                  onChange={(v) => setFilter('tenant', v)}
                />
              )}
            </>
          }
          emptyMessage={t('list.empty')}
        />
      </Card>
      {editor.elements}
      {statusActions.dialog}
    </ListPage>
  );
}
