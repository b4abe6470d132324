import { useMemo } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ability } from '@kopi/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { tableStateProps } from '../../../components/data-table/paged-table-props';
import { useSession } from '../../../lib/session/session-store';
import { useRoleTexts } from '../../../lib/role-texts';

interface AbilityRow extends Ability {
  permission: string;
}

/** AclDemo: what the signed-in user's role allows, as the web sees it. */
export function AccessControlPage() {
  const { t } = useTranslation();
  const { roleName, abilities } = useSession();
  const roleTexts = useRoleTexts();
  const table = useTableState({ sort: { by: 'subject', direction: 'asc' } });
  const { page, pageSize, sort, q } = table;

  const filtered = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const rows: AbilityRow[] = abilities.map((a) => ({
      ...a,
      permission: `${a.action}-${a.subject}`,
    }));
    const matching = needle
      ? rows.filter((r) => r.action.includes(needle) || r.subject.includes(needle))
      : rows;
    if (!sort) return matching;
    const key = sort.by as keyof AbilityRow;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...matching].sort((a, b) => a[key].localeCompare(b[key]) * factor);
  }, [abilities, q, sort]);

  const rows = filtered.slice((page - 1) * pageSize, page * pageSize);
  const columns: DataTableColumn<AbilityRow>[] = [
    { id: 'action', header: t('accessControl.action'), sortable: true, cell: (r) => r.action },
    { id: 'subject', header: t('accessControl.subject'), sortable: true, cell: (r) => r.subject },
    {
      id: 'permission',
      header: t('accessControl.permission'),
      cell: (r) => <code>{r.permission}</code>,
    },
  ];

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h3" component="h1">
          {t('accessControl.title')}
        </Typography>
        <Typography color="text.secondary">{t('accessControl.subtitle')}</Typography>
      </Stack>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('accessControl.role')}:</Typography>
            <Chip
              label={roleName ? roleTexts.name(roleName) : ''}
              color="primary"
              data-testid="acl-role"
              sx={{ textTransform: 'capitalize' }}
            />
            <Typography color="text.secondary" data-testid="acl-count">
              {t('accessControl.count', { count: abilities.length })}
            </Typography>
          </Stack>
        </CardContent>
        <DataTable
          label={t('accessControl.permissions')}
          testId="acl-table"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.permission}
          total={filtered.length}
          {...tableStateProps(table)}
          emptyMessage={t('accessControl.none')}
        />
      </Card>
    </Stack>
  );
}
