import type { useTableState } from './table-state';

/** A query's loading, error and retry (any TanStack query). */
export interface QueryStatus {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** What a list query answers: one page of rows and the total (GET list endpoints). */
interface PagedResult<T> extends QueryStatus {
  data?: { rows: T[]; meta: { total: number } };
}

/** The DataTable props of a query's state: loading, error, and a retry that refetches. */
export function queryStatusProps(query: QueryStatus) {
  return {
    loading: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/** The DataTable props of a server-paged list query: its rows, total and state. */
export function listQueryProps<T>(list: PagedResult<T>) {
  return {
    rows: list.data?.rows ?? [],
    total: list.data?.meta.total ?? 0,
    ...queryStatusProps(list),
  };
}

/** The DataTable props of a table state's paging alone (a list with no sort or search). */
export function pagingProps(table: ReturnType<typeof useTableState>) {
  return {
    page: table.page,
    pageSize: table.pageSize,
    onPageChange: table.setPage,
    onPageSizeChange: table.setPageSize,
  };
}

/** The DataTable props of a table state: paging, sort and search. */
export function tableStateProps(table: ReturnType<typeof useTableState>) {
  return {
    ...pagingProps(table),
    sort: table.sort,
    onSortChange: table.setSort,
    search: table.q,
    onSearchChange: table.setQ,
  };
}

/**
 * The DataTable props of a server-paged list: its rows, paging, sort and search from the table
 * state, and its loading, error and retry from the list query.
 */
export function pagedTableProps<T>(table: ReturnType<typeof useTableState>, list: PagedResult<T>) {
  return { ...listQueryProps(list), ...tableStateProps(table) };
}
