import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A resource's query keys: everything under `root` (what a write refreshes), a list page by its
 * query, and one record by id.
 */
export function resourceKeys<Query>(root: string) {
  const all = [root] as const;
  return {
    all,
    list: (query: Query) => [...all, 'list', query] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

/**
 * One record for a details page: asked once the route's id is known, and a missing one (404) is
 * a page state, not retried.
 */
export function useRecord<T>(
  keys: { detail: (id: string) => QueryKey },
  id: string | undefined,
  get: (id: string) => Promise<T>,
) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: () => get(id!),
    enabled: Boolean(id),
    retry: false,
  });
}
