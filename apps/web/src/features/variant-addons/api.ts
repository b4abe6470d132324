import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Addon,
  AddonInput,
  ListMeta,
  ListQuery,
  VariantGroup,
  VariantGroupInput,
} from '@kopi/contract';
import { http } from '../../lib/http/http';

// The variant and add-on library (/api/variant-groups, /api/addons; subject variant-addon).
export const variantGroupKeys = {
  all: ['variant-groups'] as const,
  list: (query: ListQuery) => [...variantGroupKeys.all, 'list', query] as const,
};
export const addonKeys = {
  all: ['addons'] as const,
  list: (query: ListQuery) => [...addonKeys.all, 'list', query] as const,
};

export interface Page<T> {
  rows: T[];
  meta: ListMeta;
}

async function page<T>(path: string, query: ListQuery): Promise<Page<T>> {
  const { data, meta } = await http.request<T[]>(path, { query: { ...query } });
  return {
    rows: data ?? [],
    meta: meta ?? { page: query.page, page_size: query.page_size, total: 0 },
  };
}

export const listVariantGroups = (query: ListQuery) => page<VariantGroup>('/variant-groups', query);
export const createVariantGroup = (body: VariantGroupInput) =>
  http.post<VariantGroup>('/variant-groups', body);
export const updateVariantGroup = (id: string, body: VariantGroupInput) =>
  http.put<VariantGroup>(`/variant-groups/${id}`, body);
export const deleteVariantGroup = (id: string) =>
  http.delete<unknown>(`/variant-groups/${id}`, { errorToast: 'silent' });

export const listAddons = (query: ListQuery) => page<Addon>('/addons', query);
export const createAddon = (body: AddonInput) => http.post<Addon>('/addons', body);
export const updateAddon = (id: string, body: AddonInput) => http.put<Addon>(`/addons/${id}`, body);
export const deleteAddon = (id: string) =>
  http.delete<unknown>(`/addons/${id}`, { errorToast: 'silent' });

export function useVariantGroups(query: ListQuery) {
  return useQuery({
    queryKey: variantGroupKeys.list(query),
    queryFn: () => listVariantGroups(query),
    placeholderData: keepPreviousData,
  });
}

export function useAddons(query: ListQuery) {
  return useQuery({
    queryKey: addonKeys.list(query),
    queryFn: () => listAddons(query),
    placeholderData: keepPreviousData,
  });
}

export function useInvalidateLibrary() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: variantGroupKeys.all }),
      client.invalidateQueries({ queryKey: addonKeys.all }),
    ]);
}
