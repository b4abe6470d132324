import { useMemo, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import {
  queryStatusProps,
  tableStateProps,
  type QueryStatus,
} from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { ClearFiltersButton } from '../../../components/list-page/clear-filters-button';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { pageOf } from '../feature-list';
import { useAppFeatureStrings } from '../i18n';

/** What a feature list is filtered by: the search, the on/off value and the `other` choice. */
export interface FeatureFilters {
  q: string;
  value: string;
  other: string;
}

/** A feature list's filters: the on/off value and one other choice (`other`, e.g. scope or lock). */
export interface FeatureFilterState {
  filters: { value: string; other: string };
  setFilter: (key: 'value' | 'other', value: string) => void;
  clear: () => void;
  filtering: boolean;
}

/**
 * A feature list's table state (ten a page), its two filters and the rows they and the search
 * keep, filtered on the page by `keep` (a module's function, so that it stays the same).
 */
export function useFeatureRows<T>(
  list: readonly T[] | undefined,
  keep: (list: readonly T[], filters: FeatureFilters) => T[],
) {
  const table = useTableState({ pageSize: 10 });
  const state = useTableFilters(table, { value: '', other: '' });
  const { filters } = state;
  const rows = useMemo(
    () => keep(list ?? [], { q: table.q, ...filters }),
    [keep, list, table.q, filters],
  );
  return { table, state, rows };
}

/**
 * One of the customer app's feature lists (the platform's catalogue, a business's switches): its
 * words under `section`, the rows filtered on the page and paged here, the on/off filter and the
 * `other` one. `testIds` name the table, a row (before the feature's code) and the two filters.
 */
export function FeatureListPage<T extends { code: string }>({
  section,
  columns,
  rows,
  table,
  query,
  state,
  other,
  testIds: [tableTestId, rowTestId, valueTestId, otherTestId],
  searchTestId,
  children,
}: {
  section: 'switches' | 'catalogue';
  columns: DataTableColumn<T>[];
  rows: T[];
  table: ReturnType<typeof useTableState>;
  query: QueryStatus;
  state: FeatureFilterState;
  other: { options: { value: string; label: string }[]; minWidth: number };
  testIds: [string, string, string, string];
  searchTestId?: string;
  children: ReactNode;
}) {
  const { t } = useAppFeatureStrings();
  return (
    <ListPage title={t(`${section}.title`)} subtitle={t(`${section}.subtitle`)}>
      <Card>
        <DataTable<T>
          label={t(`${section}.table`)}
          testId={tableTestId}
          columns={columns}
          rows={pageOf(rows, table.page, table.pageSize)}
          rowKey={(f) => f.code}
          rowTestId={(f) => `${rowTestId}${f.code}`}
          total={rows.length}
          {...tableStateProps(table)}
          searchLabel={t(`${section}.search`)}
          searchTestId={searchTestId}
          filters={
            <>
              <FilterSelect
                label={t(`${section}.filterValue`)}
                value={state.filters.value}
                onChange={(v) => state.setFilter('value', v)}
                anyLabel={t('filters.anyValue')}
                options={[
                  { value: 'on', label: t('filters.on') },
                  { value: 'off', label: t('filters.off') },
                ]}
                minWidth={160}
                testId={valueTestId}
              />
              <FilterSelect
                label={t(`${section}.filterOther`)}
                value={state.filters.other}
                onChange={(v) => state.setFilter('other', v)}
                anyLabel={t(`${section}.anyOther`)}
                options={other.options}
                minWidth={other.minWidth}
                testId={otherTestId}
              />
              <ClearFiltersButton
                filtering={state.filtering}
                label={t('filters.clear')}
                onClick={state.clear}
              />
            </>
          }
          {...queryStatusProps(query)}
          emptyMessage={t(`${section}.empty`)}
        />
      </Card>
      {children}
    </ListPage>
  );
}
