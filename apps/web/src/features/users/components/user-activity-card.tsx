import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import type { AuditEntry } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { listQueryProps, pagingProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useAuditLabels } from '../../../lib/audit-labels';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { useUserActivity } from '../api';
import { AuditRecord } from '../../../components/audit-record';
import { useUserStrings } from '../i18n';
import { cardTitle } from '../../../components/card-title';

export function ActivityCard({ userId }: { userId: string }) {
  const { t } = useUserStrings();
  const labels = useAuditLabels();
  const can = useCan();
  const table = useTableState();
  const activity = useUserActivity(userId, { page: table.page, page_size: table.pageSize });
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'created_at',
      header: t('view.when'),
      cell: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Box>,
    },
    {
      id: 'action',
      header: t('view.action'),
      cell: (e) => (
        <Box component="span" title={e.action} sx={{ fontWeight: 600 }}>
          {labels.action(e.action)}
        </Box>
      ),
    },
    {
      id: 'entity',
      header: t('view.entity'),
      cell: (e) => <AuditRecord entry={e} />,
    },
    { id: 'ip', header: t('view.address'), cell: (e) => e.ip ?? '—' },
  ];
  return (
    <Card data-testid="user-activity">
      <CardHeader
        title={t('view.activity')}
        subheader={t('view.activityHint')}
        slotProps={cardTitle}
        action={
          can('read', 'log') && (
            <Link component={RouterLink} to={`/settings/logs?actor_id=${userId}`} underline="hover">
              {t('view.openLog')}
            </Link>
          )
        }
      />
      <DataTable<AuditEntry>
        label={t('view.activity')}
        testId="user-activity-table"
        columns={columns}
        {...listQueryProps(activity)}
        rowKey={(e) => e.id}
        {...pagingProps(table)}
        emptyMessage={t('view.noActivity')}
      />
    </Card>
  );
}
