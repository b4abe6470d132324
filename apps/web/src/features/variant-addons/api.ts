import { useQueryClient } from '@tanstack/react-query';
import type { Addon, AddonInput, ListQuery, VariantGroup, VariantGroupInput } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, usePagedQuery } from '../../lib/http/paged-list';

// The variant and add-on library (/api/variant-groups, /api/addons; subject variant-addon).
export const variantGroupKeys = resourceKeys<ListQuery>('variant-groups');
export const addonKeys = {
  all: ['addons'] as const,
  list: (query: ListQuery) => [...addonKeys.all, 'list', query] as const,
};

export const listVariantGroups = (query: ListQuery) =>
  fetchPage<VariantGroup>('/variant-groups', query);
export const createVariantGroup = (body: VariantGroupInput) =>
  http.post<VariantGroup>('/variant-groups', body);
export const updateVariantGroup = (id: string, body: VariantGroupInput) =>
  http.put<VariantGroup>(`/variant-groups/${id}`, body);
export const deleteVariantGroup = (id: string) =>
  http.delete<unknown>(`/variant-groups/${id}`, { errorToast: 'silent' });

export const listAddons = (query: ListQuery) => fetchPage<Addon>('/addons', query);
export const createAddon = (body: AddonInput) => http.post<Addon>('/addons', body);
export const updateAddon = (id: string, body: AddonInput) => http.put<Addon>(`/addons/${id}`, body);
export const deleteAddon = (id: string) =>
  http.delete<unknown>(`/addons/${id}`, { errorToast: 'silent' });

export const useVariantGroups = (query: ListQuery) =>
  usePagedQuery(variantGroupKeys.list(query), () => listVariantGroups(query));

export const useAddons = (query: ListQuery) =>
  usePagedQuery(addonKeys.list(query), () => listAddons(query));

export function useInvalidateLibrary() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: variantGroupKeys.all }),
      client.invalidateQueries({ queryKey: addonKeys.all }),
    ]);
}
