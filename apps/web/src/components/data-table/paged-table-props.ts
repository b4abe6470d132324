import type { useTableState } from './table-state';

/** What a list query answers: one page of rows and the total (GET list endpoints). */
interface PagedResult<T> {
  data?: { rows: T[]; meta: { total: number } };
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * The DataTable props of a server-paged list: its rows, paging, sort and search from the table
 * state, and its loading, error and retry from the list query.
 */
export function pagedTableProps<T>(table: ReturnType<typeof useTableState>, list: PagedResult<T>) {
  return {
    rows: list.data?.rows ?? [],
    total: list.data?.meta.total ?? 0,
    page: table.page,
    pageSize: table.pageSize,
    onPageChange: table.setPage,
    onPageSizeChange: table.setPageSize,
    sort: table.sort,
    onSortChange: table.setSort,
    search: table.q,
    onSearchChange: table.setQ,
    loading: list.isPending,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}
