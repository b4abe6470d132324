import { useState } from 'react';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import type { ContentText, ContentTextOverrideInput, contentTextStates } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { RowAction } from '../../../components/list-page/row-actions';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { resetContentText, saveContentText, useContentTexts, useInvalidateTexts } from '../api';
import { ContentTextDrawer } from '../components/content-text-drawer';
import { TextHistoryDialog } from '../components/text-history-dialog';
import { TextKeyCell, TextRowActions, WordingCell } from '../components/text-cells';
import { useContentTextStrings } from '../i18n';

type StateFilter = '' | (typeof contentTextStates)[number];

/**
 * /user-app/content-text (SPEC §2: read banner): the texts of the tenant's customer app with
 * their effective wording; edit one in a drawer (Markdown with a live preview), see its history,
 * reset it to the platform's wording.
 */
export function ContentTextPage() {
  const { t } = useContentTextStrings();
  const can = useCan();
  const mayEdit = can('update', 'content-text');
  const table = useTableState({ pageSize: 25 });
  const { filters, setFilter, query } = useTableFilters(table, { state: '' as StateFilter });
  const texts = useContentTexts(query);
  const refresh = useInvalidateTexts('tenant');
  const [editing, setEditing] = useState<ContentText | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [resetting, setResetting] = useState<ContentText | null>(null);

  const save = async (values: ContentTextOverrideInput) => {
    await saveContentText(editing!.key, values);
    toast.success(t('form.saved'));
    setEditing(null);
    await refresh();
  };
  const reset = async () => {
    await resetContentText(resetting!.key);
    toast.success(t('list.resetDone'));
    setResetting(null);
    await refresh();
  };

  const columns: DataTableColumn<ContentText>[] = [
    {
      id: 'key',
      header: t('list.text'),
      sortable: true,
      cell: (c) => (
        <TextKeyCell
          textKey={c.key}
          description={c.description}
          descriptionMy={c.description_my}
          format={c.format}
        />
      ),
    },
    {
      id: 'english',
      header: t('list.english'),
      cell: (c) => <WordingCell text={c.text_en} testId="content-text-en" />,
    },
    {
      id: 'malay',
      header: t('list.malay'),
      cell: (c) => (
        <WordingCell text={c.text_my} empty={t('list.inEnglish')} testId="content-text-my" />
      ),
    },
    {
      id: 'wording',
      header: t('list.wording'),
      cell: (c) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 120 }}>
          <Chip
            size="small"
            color={c.overridden ? 'primary' : 'default'}
            label={c.overridden ? t('list.own') : t('list.platform')}
            data-testid="content-text-state"
          />
          {c.overridden && c.updated_at && (
            <Typography variant="caption" color="text.secondary">
              {t('list.changedBy', { by: c.updated_by ?? '—', at: formatDateTime(c.updated_at) })}
            </Typography>
          )}
        </Stack>
      ),
    },
    actionsColumn(t('list.actions'), (c) => (
      <TextRowActions
        textKey={c.key}
        onEdit={mayEdit ? () => setEditing(c) : undefined}
        onHistory={() => setHistoryOf(c.key)}
      >
        {mayEdit && c.overridden && (
          <RowAction
            label={t('list.reset', { key: c.key })}
            icon={<RestartAlt fontSize="small" />}
            onClick={() => setResetting(c)}
          />
        )}
      </TextRowActions>
    )),
  ];

  return (
    <ListPage title={t('list.title')} subtitle={t('list.subtitle')}>
      <Card>
        <DataTable<ContentText>
          {...pagedTableProps(table, texts)}
          label={t('list.table')}
          testId="content-texts-table"
          columns={columns}
          rowKey={(c) => c.key}
          rowTestId={(c) => `content-text-row-${c.key}`}
          searchLabel={t('list.search')}
          filters={
            <FilterSelect
              label={t('list.wording')}
              value={filters.state}
              onChange={(next) => setFilter('state', next as StateFilter)}
              anyLabel={t('list.all')}
              options={[
                { value: 'overridden', label: t('list.own') },
                { value: 'default', label: t('list.platform') },
              ]}
              minWidth={170}
            />
          }
          emptyMessage={t('list.empty')}
        />
      </Card>
      <ContentTextDrawer
        open={editing !== null}
        text={editing}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <TextHistoryDialog side="tenant" textKey={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={resetting !== null}
        title={t('list.resetTitle')}
        message={resetting ? t('list.resetMessage', { key: resetting.key }) : undefined}
        confirmLabel={t('list.resetConfirm')}
        confirmColor="warning"
        onConfirm={reset}
        onClose={() => setResetting(null)}
      />
    </ListPage>
  );
}
