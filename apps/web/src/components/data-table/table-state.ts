import { useCallback, useMemo, useState } from 'react';
import { pageSizes, type ListQuery } from '@kopi/contract';

export interface SortState {
  by: string;
  direction: 'asc' | 'desc';
}

/** DESIGN §5 sort parameter: "field" ascending, "-field" descending. */
export const sortParam = (sort: SortState | null | undefined) =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.by}` : undefined;

export const isPageSize = (n: number) => (pageSizes as readonly number[]).includes(n);

/** Paging, sort and search of a server-paged table, as the list query the API takes. */
export function useTableState(initial: { pageSize?: number; sort?: SortState | null } = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(
    initial.pageSize && isPageSize(initial.pageSize) ? initial.pageSize : 10,
  );
  const [sort, setSortState] = useState<SortState | null>(initial.sort ?? null);
  const [q, setQState] = useState('');

  const setPageSize = useCallback((size: number) => {
    if (!isPageSize(size)) return;
    setPageSizeState(size);
    setPage(1);
  }, []);
  const setSort = useCallback((next: SortState | null) => {
    setSortState(next);
    setPage(1);
  }, []);
  const setQ = useCallback((next: string) => {
    setQState(next);
    setPage(1);
  }, []);

  const query: ListQuery = useMemo(
    () => ({ page, page_size: pageSize, sort: sortParam(sort), q: q || undefined }),
    [page, pageSize, sort, q],
  );

  return { page, pageSize, sort, q, setPage, setPageSize, setSort, setQ, query };
}
