import { useMemo, useState } from 'react';
import type { ListQuery } from '@kopi/contract';

/** A list's filters as query parameters: an empty one ('') is left out. */
export type FilterParams<F> = { [K in keyof F]?: Exclude<F[K], ''> };

/**
 * A list's filters beside its table state: changing or clearing one goes back to page 1, since
 * the page the user was on may not exist in the filtered list. `query` is the table's list query
 * (useTableState's) with the filters set, for a list whose filters are named as its API's
 * parameters.
 */
export function useTableFilters<F extends { [K in keyof F]: string }>(
  table: { setPage: (page: number) => void; query?: ListQuery },
  none: F,
) {
  const [filters, setFilters] = useState<F>(none);
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    table.setPage(1);
  };
  const clear = () => {
    setFilters(none);
    table.setPage(1);
  };
  const query = useMemo(
    () =>
      ({
        ...table.query,
        ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
      }) as ListQuery & FilterParams<F>,
    [table.query, filters],
  );
  return { filters, setFilter, clear, filtering: Object.values(filters).some(Boolean), query };
}
