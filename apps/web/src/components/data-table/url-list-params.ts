import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { sortParam, type SortState } from './table-state';

// A server-paged list that keeps its paging, sort, search and filters in the URL (the API's own
// parameter names), so a reload, a shared link or Back from a row's details shows the same list.

interface PagedQuery {
  page: number;
  page_size: number;
}

export type ListPatch<Q> = Partial<{ [K in keyof Q]: Q[K] | '' }>;

/**
 * The URL helpers of a list whose query the contract's schema `shape` describes: `keys` are the
 * parameters kept in the URL; `keptOnClear` survive "Clear filters" (page size, sort, a tab).
 */
export function urlListParams<Q extends PagedQuery>(
  shape: Record<string, z.ZodType>,
  keys: readonly (keyof Q & string)[],
  keptOnClear: readonly (keyof Q & string)[],
) {
  /** The list query a URL describes; values the API would refuse are left out. */
  function parse(params: URLSearchParams): Q {
    const query: Record<string, unknown> = { page: 1, page_size: 10 };
    for (const key of keys) {
      const raw = params.get(key);
      if (raw === null || raw.trim() === '') continue;
      const parsed = shape[key]?.safeParse(raw);
      if (parsed?.success && parsed.data !== undefined) query[key] = parsed.data;
    }
    return query as Q;
  }

  /** The URL of a list query: defaults (page 1, 10 rows) and empty values are left out. */
  function toSearch(query: Partial<Q>): URLSearchParams {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value = query[key];
      if (value === undefined || value === null || value === '') continue;
      if (key === 'page' && value === 1) continue;
      if (key === 'page_size' && value === 10) continue;
      params.set(key, String(value));
    }
    return params;
  }

  /** The list query of the current URL and a way to change it (back to page 1 unless paging). */
  function useListParams() {
    const [params, setParams] = useSearchParams();
    const query = useMemo(() => parse(params), [params]);
    const update = useCallback(
      (patch: ListPatch<Q>) => {
        setParams(
          (previous) => {
            const paging = Object.keys(patch).every((k) => k === 'page');
            return toSearch({
              ...parse(previous),
              ...(paging ? {} : { page: 1 }),
              ...patch,
            } as Partial<Q>);
          },
          // Each filter change is not a step of its own for Back; opening a row is.
          { replace: true },
        );
      },
      [setParams],
    );
    const clearFilters = useCallback(() => {
      setParams(
        (previous) => {
          const current = parse(previous);
          const kept: Partial<Q> = {};
          for (const key of keptOnClear) kept[key] = current[key];
          return toSearch(kept);
        },
        { replace: true },
      );
    }, [setParams]);
    return { query, update, clearFilters };
  }

  return { parse, toSearch, useListParams };
}

/** "-created" → created, descending. */
export function parseSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const by = desc ? sort.slice(1) : sort;
  return by ? { by, direction: desc ? 'desc' : 'asc' } : null;
}

type UrlListUpdate = (patch: {
  page?: number;
  page_size?: number;
  sort?: string | undefined;
  q?: string | undefined;
}) => void;

/** The DataTable props of the paging of a list kept in the URL (one with no sort or search). */
export function urlPagingProps(query: PagedQuery, update: UrlListUpdate) {
  return {
    page: query.page,
    pageSize: query.page_size,
    onPageChange: (page: number) => update({ page }),
    onPageSizeChange: (pageSize: number) => update({ page_size: pageSize }),
  };
}

/**
 * The DataTable props of a list kept in the URL: its paging, sort and search are the query's
 * parameters, and each change is an `update` of them.
 */
export function urlTableProps(
  query: PagedQuery & { sort?: string | undefined; q?: string | undefined },
  update: UrlListUpdate,
) {
  return {
    ...urlPagingProps(query, update),
    sort: parseSort(query.sort),
    onSortChange: (sort: SortState | null) => update({ sort: sortParam(sort) }),
    search: query.q ?? '',
    onSearchChange: (q: string) => update({ q: q.trim() || undefined }),
  };
}

/** A list query without its paging: the filters and sort an export takes. */
export function withoutPaging<Q extends PagedQuery>(query: Q): Omit<Q, 'page' | 'page_size'> {
  const { page: _page, page_size: _size, ...rest } = query;
  return rest;
}
