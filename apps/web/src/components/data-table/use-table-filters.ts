import { useState } from 'react';

/**
 * A list's filters beside its table state: changing or clearing one goes back to page 1, since
 * the page the user was on may not exist in the filtered list.
 */
export function useTableFilters<F extends { [K in keyof F]: string }>(
  table: { setPage: (page: number) => void },
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
  return { filters, setFilter, clear, filtering: Object.values(filters).some(Boolean) };
}
