import { useState } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import {
  type ContentTextDefault,
  type ContentTextDefaultCreate,
  type ContentTextFormat,
} from '@kopi/contract';
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
import { useCan } from '../../../lib/can-context';
import { toast } from '../../../lib/toasts';
import { createDefaultText, updateDefaultText, useDefaultTexts, useInvalidateTexts } from '../api';
import { DefaultTextDrawer } from '../components/default-text-drawer';
import { TextHistoryDialog } from '../components/text-history-dialog';
import { TextKeyCell, TextRowActions, WordingCell } from '../components/text-cells';
import { useContentTextStrings } from '../i18n';

type FormatFilter = '' | ContentTextFormat;

/**
 * /ge/content-text (general-setting, the platform superadmin): the texts every customer app
 * has, with their default wording; add a text, edit one (Markdown with a live preview), see who
 * changed it. How many businesses word a text their own way is shown beside it.
 */
export function DefaultContentTextPage() {
  const { t } = useContentTextStrings();
  const can = useCan();
  const mayCreate = can('create', 'general-setting');
  const mayEdit = can('update', 'general-setting');
  const table = useTableState({ pageSize: 25 });
  const { filters, setFilter, query } = useTableFilters(table, { format: '' as FormatFilter });
  const texts = useDefaultTexts(query);
  const refresh = useInvalidateTexts('platform');
  // null: closed; { text: null }: a new text.
  const [editing, setEditing] = useState<{ text: ContentTextDefault | null } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  const save = async ({ key, ...values }: ContentTextDefaultCreate) => {
    const current = editing?.text;
    if (current) await updateDefaultText(current.key, values);
    else await createDefaultText({ key, ...values });
    toast.success(current ? t('form.saved') : t('form.created'));
    setEditing(null);
    await refresh();
  };

  const columns: DataTableColumn<ContentTextDefault>[] = [
    {
      id: 'key',
      header: t('list.text'),
      sortable: true,
      cell: (d) => (
        <TextKeyCell
          textKey={d.key}
          description={d.description}
          descriptionMy={d.description_my}
          format={d.format}
        />
      ),
    },
    {
      id: 'english',
      header: t('list.english'),
      cell: (d) => <WordingCell text={d.text_en} testId="default-text-en" />,
    },
    {
      id: 'malay',
      header: t('list.malay'),
      cell: (d) => (
        <WordingCell text={d.text_my} empty={t('list.inEnglish')} testId="default-text-my" />
      ),
    },
    {
      id: 'overrides',
      header: t('platformList.overrides'),
      align: 'right',
      cell: (d) => (
        <Typography variant="body2" color={d.override_count ? undefined : 'text.secondary'}>
          {d.override_count
            ? t('platformList.overrideCount', { count: d.override_count })
            : t('platformList.none')}
        </Typography>
      ),
    },
    actionsColumn(t('list.actions'), (d) => (
      <TextRowActions
        textKey={d.key}
        onEdit={mayEdit ? () => setEditing({ text: d }) : undefined}
        onHistory={() => setHistoryOf(d.key)}
      />
    )),
  ];

  return (
    <ListPage
      title={t('platformList.title')}
      subtitle={t('platformList.subtitle')}
      add={
        mayCreate && {
          label: t('platformList.add'),
          onClick: () => setEditing({ text: null }),
          testId: 'default-text-add',
        }
      }
    >
      <Card>
        <DataTable<ContentTextDefault>
          {...pagedTableProps(table, texts)}
          label={t('list.table')}
          testId="default-texts-table"
          columns={columns}
          rowKey={(d) => d.key}
          rowTestId={(d) => `default-text-row-${d.key}`}
          searchLabel={t('list.search')}
          filters={
            <FilterSelect
              label={t('platformList.format')}
              value={filters.format}
              onChange={(next) => setFilter('format', next as FormatFilter)}
              anyLabel={t('list.all')}
              options={[
                { value: 'plain', label: t('list.plain') },
                { value: 'markdown', label: t('list.markdown') },
              ]}
              minWidth={150}
            />
          }
          emptyMessage={t('list.empty')}
        />
      </Card>
      <DefaultTextDrawer
        open={editing !== null}
        text={editing?.text ?? null}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <TextHistoryDialog side="platform" textKey={historyOf} onClose={() => setHistoryOf(null)} />
    </ListPage>
  );
}
