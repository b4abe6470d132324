import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Saving a hand-sorted list's new order (menu categories, app banners), shown at once in the list
 * cached under `queryKey`: the items `ids` names come first in that order, any others after them.
 * A failure puts the list back; `settle` then has the last word (the server's answer on success,
 * or a refetch), given the client and the server's list when it answered.
 */
export function useReorderMutation<T extends { id: string }>({
  queryKey,
  save,
  settle,
}: {
  queryKey: QueryKey;
  save: (ids: string[]) => Promise<T[]>;
  settle: (client: ReturnType<typeof useQueryClient>, saved: T[] | undefined) => unknown;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData<T[]>(queryKey);
      if (previous) {
        const byId = new Map(previous.map((item) => [item.id, item]));
        const moved = ids.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));
        const rest = previous.filter((item) => !ids.includes(item.id));
        client.setQueryData(queryKey, [...moved, ...rest]);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(queryKey, context.previous);
    },
    onSettled: (saved) => settle(client, saved),
  });
}
