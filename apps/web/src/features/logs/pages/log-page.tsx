import { listQueryProps } from '../../../components/data-table/paged-table-props';
import { ExportButton } from '../../../components/list-page/export-button';
import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AuditEntry, TenantFilter } from '@kopi/contract';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { urlPagingProps } from '../../../components/data-table/url-list-params';
import { DateField } from '../../../components/date-field/date-field';
import { ListPage } from '../../../components/list-page/list-page';
import { TenantFilterSelect, usePlatformWide } from '../../../components/tenant-filter';
import { useAuditLabels } from '../../../lib/audit-labels';
import { formatDateTime } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { exportLogs, useLogFilters, useLogs } from '../api';
import { AuditRecord } from '../../../components/audit-record';
import { LogDetailDrawer } from '../components/log-detail-drawer';
import { useLogStrings } from '../i18n';
import { toLogQuery, useLogParams } from '../list-params';

/**
 * /settings/logs (read log): the audit log, newest first, with filters (user, action, record
 * type, date range, search), a detail drawer with before/after, and a CSV export of the filtered
 * log. A superadmin outside any tenant sees every tenant; everyone else their own tenant.
 */
export function LogPage() {
  const { t } = useLogStrings();
  const labels = useAuditLabels();
  const platformWide = usePlatformWide();
  const { filters, update } = useLogParams();
  const query = useMemo(() => toLogQuery(filters), [filters]);
  const logs = useLogs(query);
  const options = useLogFilters();
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const badRange = Boolean(filters.from && filters.to && filters.to < filters.from);
  const filtering = Boolean(
    filters.q ||
    filters.actor_id ||
    filters.action ||
    filters.entity ||
    filters.entity_id ||
    filters.from ||
    filters.to ||
    filters.tenant_id,
  );
  const actors = options.data?.actors ?? [];
  const actor = actors.find((a) => a.id === filters.actor_id) ?? null;

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'created_at',
      header: t('list.when'),
      cell: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Box>,
    },
    {
      id: 'actor',
      header: t('list.user'),
      cell: (e) => e.actor_username ?? t('list.system'),
    },
    {
      id: 'action',
      header: t('list.action'),
      cell: (e) => (
        <Box
          component="span"
          title={e.action}
          sx={{ fontWeight: 600 }}
          data-testid="log-action"
          data-action={e.action}
        >
          {labels.action(e.action)}
        </Box>
      ),
    },
    {
      id: 'entity',
      header: t('list.entity'),
      cell: (e) => <AuditRecord entry={e} />,
    },
    ...(platformWide
      ? [
          {
            id: 'tenant',
            header: t('list.tenant'),
            cell: (e: AuditEntry) => e.tenant_name ?? t('list.platform'),
          },
        ]
      : []),
    { id: 'ip', header: t('list.address'), cell: (e) => e.ip ?? '—' },
    {
      id: 'open',
      header: '',
      align: 'right',
      cell: (e) => (
        <Button
          size="small"
          onClick={() => setOpen(e.id)}
          aria-label={t('list.open', {
            action: labels.action(e.action),
            when: formatDateTime(e.created_at),
          })}
          data-testid="log-open"
        >
          {t('list.details')}
        </Button>
      ),
    },
  ];

  const select = (
    key: 'action' | 'entity',
    label: string,
    values: readonly string[],
    testId: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(e) => update({ [key]: e.target.value })}
      sx={{ minWidth: 160 }}
      // The label on the border and "Any" in the field: a label inside ran into the arrow.
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as object },
      }}
    >
      <MenuItem value="">{t('list.any')}</MenuItem>
      {/* A value from a link that the menu does not list (yet) is still shown. */}
      {[...new Set([...values, ...(filters[key] ? [filters[key]] : [])])].map((value) => (
        <MenuItem key={value} value={value}>
          {key === 'action' ? labels.action(value) : labels.entity(value)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <ExportButton
          label={t('list.export')}
          loading={exporting}
          testId="log-export"
          onClick={async () => {
            setExporting(true);
            try {
              await exportLogs(query);
              toast.success(t('list.exported'));
            } catch {
              // reported by the client
            } finally {
              setExporting(false);
            }
          }}
        />
      }
    >
      <Card>
        <DataTable<AuditEntry>
          label={t('list.table')}
          testId="logs-table"
          columns={columns}
          {...listQueryProps(logs)}
          rowKey={(e) => e.id}
          rowTestId={() => 'log-row'}
          onRowClick={(e) => setOpen(e.id)}
          {...urlPagingProps(filters, update)}
          search={filters.q}
          onSearchChange={(q) => update({ q })}
          searchLabel={t('list.search')}
          filters={
            <>
              <Autocomplete
                size="small"
                options={actors}
                value={actor}
                getOptionLabel={(a) => a.username ?? t('list.system')}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_, next) => update({ actor_id: next?.id ?? '' })}
                sx={{ minWidth: 180 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('list.filterUser')}
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'filter-user' },
                    }}
                  />
                )}
              />
              {select(
                'action',
                t('list.filterAction'),
                options.data?.actions ?? [],
                'filter-action',
              )}
              {select(
                'entity',
                t('list.filterEntity'),
                options.data?.entities ?? [],
                'filter-entity',
              )}
              <DateField
                optional
                label={t('list.from')}
                value={filters.from}
                onCommit={(from) => update({ from })}
                max={filters.to || undefined}
                testId="filter-from"
              />
              <DateField
                optional
                label={t('list.to')}
                value={filters.to}
                onCommit={(to) => update({ to })}
                min={filters.from || undefined}
                error={badRange}
                helperText={badRange ? t('list.badRange') : undefined}
                testId="filter-to"
              />
              {platformWide && (
                <TenantFilterSelect
                  value={filters.tenant_id as TenantFilter | ''}
                  onChange={(tenant_id) => update({ tenant_id })}
                />
              )}
              {filters.entity_id && (
                <Chip
                  label={t('list.recordFilter', { id: filters.entity_id })}
                  onDelete={() => update({ entity_id: '' })}
                />
              )}
              {filtering && (
                <Button
                  size="small"
                  color="inherit"
                  onClick={() =>
                    update({
                      q: '',
                      actor_id: '',
                      action: '',
                      entity: '',
                      entity_id: '',
                      from: '',
                      to: '',
                      tenant_id: '',
                    })
                  }
                >
                  {t('list.clear')}
                </Button>
              )}
            </>
          }
          emptyMessage={t('list.empty')}
        />
      </Card>
      <LogDetailDrawer
        id={open}
        onClose={() => setOpen(null)}
        onShowRecord={(entity, entity_id) => {
          setOpen(null);
          update({ entity, entity_id, action: '', actor_id: '', q: '' });
        }}
      />
    </ListPage>
  );
}
