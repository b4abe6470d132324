import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { permissionAreas, type PermissionEntry, type TenantFilter } from '@kopi/contract';
import {
  queryStatusProps,
  tableStateProps,
} from '../../../components/data-table/paged-table-props';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { TenantFilterSelect, usePlatformWide } from '../../../components/tenant-filter';
import { inLanguage } from '../../../lib/permission-catalogue';
import { usePermissions } from '../api';
import { usePermissionStrings } from '../i18n';
import { useRoleTexts } from '../../../lib/role-texts';

/**
 * /settings/permissions (read permission, the superadmin's): the catalogue, each string with
 * what it allows and the roles holding it. The API answers the whole catalogue (about 120
 * strings) filtered by search and area; the table pages it here.
 */
export function PermissionPage() {
  const { t, language } = usePermissionStrings();
  const roleTexts = useRoleTexts();
  const platformWide = usePlatformWide();
  const table = useTableState({ pageSize: 25 });
  const { filters, setFilter } = useTableFilters(table, {
    area: '',
    tenant: '' as TenantFilter | '',
  });
  const entries = usePermissions({
    q: table.q || undefined,
    area: filters.area || undefined,
    tenant_id: filters.tenant || undefined,
  });
  const rows = useMemo(() => entries.data ?? [], [entries.data]);
  const pageRows = rows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);
  const areaLabel = (value: string) => {
    const found = permissionAreas.find((a) => a.area === value);
    return found ? inLanguage(found.label, language) : value;
  };

  const columns: DataTableColumn<PermissionEntry>[] = [
    {
      id: 'permission',
      header: t('permission'),
      cell: (e) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Box component="code" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {e.permission}
          </Box>
          {e.platform && (
            <Chip size="small" color="secondary" variant="outlined" label={t('platformOnly')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'description',
      header: t('allows'),
      cell: (e) => <Typography variant="body2">{inLanguage(e.description, language)}</Typography>,
    },
    { id: 'area', header: t('area'), cell: (e) => areaLabel(e.area) },
    {
      id: 'roles',
      header: t('heldBy'),
      cell: (e) => (
        <Stack spacing={0.5}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {e.roles.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('nobody')}
              </Typography>
            )}
            {e.roles.map((role) => (
              <Chip
                key={role.id}
                size="small"
                label={
                  role.tenant_name
                    ? `${roleTexts.name(role.name)} · ${role.tenant_name}`
                    : roleTexts.name(role.name)
                }
                variant={role.tenant_id ? 'outlined' : 'filled'}
              />
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('roleCount', { count: e.role_count })}
          </Typography>
        </Stack>
      ),
    },
  ];

  return (
    <ListPage title={t('title')} subtitle={t('subtitle')}>
      <Card>
        <DataTable<PermissionEntry>
          label={t('table')}
          testId="permissions-table"
          columns={columns}
          rows={pageRows}
          rowKey={(e) => e.permission}
          rowTestId={() => 'permission-row'}
          total={rows.length}
          {...tableStateProps(table)}
          searchLabel={t('search')}
          filters={
            <>
              <FilterSelect
                label={t('area')}
                value={filters.area}
                onChange={(v) => setFilter('area', v)}
                anyLabel={t('anyArea')}
                options={permissionAreas.map((a) => ({
                  value: a.area,
                  label: inLanguage(a.label, language),
                }))}
                minWidth={200}
                testId="filter-area"
              />
              {platformWide && (
                <TenantFilterSelect
                  value={filters.tenant}
                  onChange={(v) => setFilter('tenant', v)}
                />
              )}
            </>
          }
          {...queryStatusProps(entries)}
          emptyMessage={t('empty')}
        />
      </Card>
    </ListPage>
  );
}
