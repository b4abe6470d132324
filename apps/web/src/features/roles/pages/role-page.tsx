import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import type { Role, RoleInput, RoleListQuery, TenantFilter } from '@kopi/contract';
import { SearchBox } from '../../../components/data-table/search-box';
import { EmptyState } from '../../../components/empty-state';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { ListPage } from '../../../components/list-page/list-page';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { ConfirmedDeleteDialog } from '../../../components/list-page/confirmed-delete-dialog';
import { TenantFilterSelect, usePlatformWide } from '../../../components/tenant-filter';
import { useCrudAbilities } from '../../../lib/can-context';
import { sessionStore, useSessionUser } from '../../../lib/session/session-store';
import { useStore } from '../../../lib/store';
import { createRole, deleteRole, updateRole, useInvalidateRoles, useRoles } from '../api';
import { RoleCard } from '../components/role-card';
import { RoleDialog } from '../components/role-dialog';
import { useRoleStrings } from '../i18n';
import { RetryAlert } from '../../../components/retry-alert';

const PAGE_SIZE = 20;

/** /settings/role (read role-permission): role cards with user counts; the permission matrix. */
export function RolePage() {
  const { t } = useRoleStrings();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('role-permission');
  const me = useSessionUser();
  const roleName = useStore(sessionStore, (s) => s.roleName);
  const held = useStore(sessionStore, (s) => s.permissions);
  const platformWide = usePlatformWide();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [tenant, setTenant] = useState<TenantFilter | ''>('');
  const search = useCallback((next: string) => {
    setQ(next);
    setPage(1);
  }, []);
  const query: RoleListQuery = useMemo(
    () => ({ page, page_size: PAGE_SIZE, q: q || undefined, tenant_id: tenant || undefined }),
    [page, q, tenant],
  );
  const roles = useRoles(query);
  const invalidate = useInvalidateRoles();
  const editor = useFormEditor<Role, RoleInput>(createRole, updateRole, invalidate, t);
  const deletion = useConfirmedDelete<Role>({
    remove: (target) => deleteRole(target.id),
    refresh: invalidate,
    doneMessage: t('list.deleted'),
  });
  const heldSet = useMemo(() => new Set(held), [held]);

  const isOwnRole = (role: Role) =>
    role.name === roleName && role.tenant_id === (me?.tenant_id ?? null);

  const rows = roles.data?.rows ?? [];
  const total = roles.data?.meta.total ?? 0;
  const current = editor.record;

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'role-add' }}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SearchBox value={q} onChange={search} label={t('list.search')} minWidth={240} />
        {platformWide && (
          <TenantFilterSelect
            value={tenant}
            onChange={(v) => {
              setTenant(v);
              setPage(1);
            }}
          />
        )}
      </Box>
      {roles.error ? (
        <RetryAlert onRetry={() => void roles.refetch()}>{t('list.error')}</RetryAlert>
      ) : roles.isPending ? (
        <Grid container spacing={3}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={190} />
            </Grid>
          ))}
        </Grid>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState message={t('list.empty')} testId="roles-empty" paddingY={6} />
        </Card>
      ) : (
        <Grid container spacing={3} data-testid="roles-grid">
          {rows.map((role) => (
            <Grid key={role.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <RoleCard
                role={role}
                showTenant={platformWide}
                isOwnRole={isOwnRole(role)}
                mayUpdate={mayUpdate}
                mayDelete={mayDelete}
                onOpen={() => editor.openEdit(role)}
                onDelete={() => deletion.ask(role)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          count={Math.ceil(total / PAGE_SIZE)}
          page={page}
          onChange={(_, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
          aria-label={t('list.pages')}
        />
      )}
      <RoleDialog
        role={current}
        platformRole={current ? current.tenant_id === null : platformWide}
        readOnly={Boolean(current && (current.is_immutable || !mayUpdate))}
        isOwnRole={Boolean(current && isOwnRole(current))}
        changeable={(permission) => heldSet.has(permission)}
        {...editor.form}
      />
      <ConfirmedDeleteDialog
        deletion={deletion}
        t={t}
        labelOf={(role) => role.name}
        namedIn="title"
      />
    </ListPage>
  );
}
