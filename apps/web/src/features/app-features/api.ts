import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppFeature, AppFeatureCode, AppFeatureInput, TenantAppFeature } from '@kopi/contract';
import { http } from '../../lib/http/http';

// The customer app's feature switches (decision 041):
//   /api/general-settings/features  the platform's catalogue (subject general-setting)
//   /api/app-features               the signed-in tenant's switches (subject enable-disable)
// Both answer the whole catalogue (a handful of features fixed by the server's code), so the
// pages search, filter and page it on screen.
export const appFeatureKeys = {
  catalogue: ['app-feature-catalogue'] as const,
  switches: ['app-features'] as const,
};

export const listCatalogue = () => http.get<AppFeature[]>('/general-settings/features');
export const updateCatalogueFeature = (code: AppFeatureCode, body: AppFeatureInput) =>
  http.put<AppFeature>(`/general-settings/features/${code}`, body);

export const listAppFeatures = () => http.get<TenantAppFeature[]>('/app-features');
/** The business's switch: on, off, or null to follow the platform default. */
export const setBusinessSwitch = (code: AppFeatureCode, enabled: boolean | null) =>
  http.put<TenantAppFeature>(`/app-features/${code}`, { enabled });
/** An outlet's switch: on, off, or null to follow the whole business. */
export const setOutletSwitch = (code: AppFeatureCode, outletId: string, enabled: boolean | null) =>
  http.put<TenantAppFeature>(`/app-features/${code}/outlets/${outletId}`, { enabled });

export const useCatalogue = () =>
  useQuery({ queryKey: appFeatureKeys.catalogue, queryFn: listCatalogue });
export const useAppFeatures = () =>
  useQuery({ queryKey: appFeatureKeys.switches, queryFn: listAppFeatures });

/** Puts a feature the server answered in the cached list, in place of its old self. */
export function useReplaceAppFeature() {
  const client = useQueryClient();
  return (feature: TenantAppFeature) =>
    client.setQueryData<TenantAppFeature[]>(appFeatureKeys.switches, (list) =>
      list?.map((f) => (f.code === feature.code ? feature : f)),
    );
}

/** Puts a catalogue entry the server answered in the cached catalogue. */
export function useReplaceCatalogueFeature() {
  const client = useQueryClient();
  return (feature: AppFeature) =>
    client.setQueryData<AppFeature[]>(appFeatureKeys.catalogue, (list) =>
      list?.map((f) => (f.code === feature.code ? feature : f)),
    );
}
