import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListMeta } from '@kopi/contract';
import { http } from './http';
import type { QueryValue } from './http-client';

/** One page of a list endpoint (DESIGN §5): its rows and where they sit in the whole. */
export interface Page<T> {
  rows: T[];
  meta: ListMeta;
}

/** GETs one page of `path`; a reply without meta counts as the page asked for, with no rows. */
export async function fetchPage<T>(
  path: string,
  query: { page: number; page_size: number },
): Promise<Page<T>> {
  const { data, meta } = await http.request<T[]>(path, {
    query: { ...query } as Record<string, QueryValue>,
  });
  return {
    rows: data ?? [],
    meta: meta ?? { page: query.page, page_size: query.page_size, total: 0 },
  };
}

/** A server-paged list query that keeps the page on screen while the next one loads. */
export const usePagedQuery = <T>(queryKey: QueryKey, fetch: () => Promise<Page<T>>) =>
  useQuery({ queryKey, queryFn: fetch, placeholderData: keepPreviousData });

/** Marks the queries under `queryKey` stale, so whatever shows them fetches them again. */
export function useInvalidate(queryKey: QueryKey) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey });
}
