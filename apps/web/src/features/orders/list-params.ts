import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { orderListQuerySchema, type OrderListQuery } from '@kopi/contract';
import type { SortState } from '../../components/data-table/table-state';

// The order list keeps its paging, sort, search and filters in the URL (the API's own parameter
// names), so a reload, a shared link or Back from an order's details shows the same list.

export const orderFilterKeys = [
  'from',
  'to',
  'outlet',
  'status',
  'source',
  'serving_method',
  'payment_method',
] as const;
export type OrderFilterKey = (typeof orderFilterKeys)[number];

const listKeys = ['page', 'page_size', 'sort', 'q', ...orderFilterKeys] as const;
type ListKey = (typeof listKeys)[number];

const shape = orderListQuerySchema.shape;

/** The list query a URL describes; values the API would refuse are left out. */
export function parseOrderListParams(params: URLSearchParams): OrderListQuery {
  const query: Record<string, unknown> = { page: 1, page_size: 10 };
  for (const key of listKeys) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = (shape[key] as (typeof shape)[ListKey]).safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as OrderListQuery;
}

/** The URL of a list query: defaults (page 1, 10 rows) and empty values are left out. */
export function orderListSearch(query: Partial<OrderListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of listKeys) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'page_size' && value === 10) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Whether a list query narrows the orders (a search or a filter), so there is something to clear. */
export const isFiltering = (query: OrderListQuery) =>
  Boolean(query.q) || orderFilterKeys.some((key) => query[key] !== undefined);

/** "-created" → created, descending. */
export function parseSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const by = desc ? sort.slice(1) : sort;
  return by ? { by, direction: desc ? 'desc' : 'asc' } : null;
}

export type OrderListPatch = Partial<{ [K in keyof OrderListQuery]: OrderListQuery[K] | '' }>;

/** The list query of the current URL and a way to change it (back to page 1 unless paging). */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseOrderListParams(params), [params]);
  const update = useCallback(
    (patch: OrderListPatch) => {
      setParams(
        (previous) => {
          const current = parseOrderListParams(previous);
          const paging = Object.keys(patch).every((k) => k === 'page');
          return orderListSearch({
            ...current,
            ...(paging ? {} : { page: 1 }),
            ...patch,
          } as Partial<OrderListQuery>);
        },
        // Each filter change is not a step of its own for Back; opening an order is.
        { replace: true },
      );
    },
    [setParams],
  );
  const clearFilters = useCallback(() => {
    setParams(
      (previous) => {
        const { page_size, sort } = parseOrderListParams(previous);
        return orderListSearch({ page_size, sort });
      },
      { replace: true },
    );
  }, [setParams]);
  return { query, update, clearFilters };
}
