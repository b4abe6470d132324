import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings, BusinessSettingsInput } from '@kopi/contract';
import { http } from '../../lib/http/http';

// /api/tenant-settings (subject business-settings): the signed-in tenant's own settings.
export const businessSettingsKeys = {
  all: ['business-settings'] as const,
};

export const getBusinessSettings = () => http.get<BusinessSettings>('/tenant-settings');
export const saveBusinessSettings = (body: BusinessSettingsInput) =>
  http.put<BusinessSettings>('/tenant-settings', body);
export function uploadReceiptLogo(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<BusinessSettings>('/tenant-settings/logo', form);
}
export const removeReceiptLogo = () => http.delete<BusinessSettings>('/tenant-settings/logo');

export const useBusinessSettings = () =>
  useQuery({ queryKey: businessSettingsKeys.all, queryFn: getBusinessSettings });

/** Puts a fresh answer of the server in the cache (the form and the logo card refill from it). */
export function useSetBusinessSettings() {
  const client = useQueryClient();
  return (settings: BusinessSettings) => client.setQueryData(businessSettingsKeys.all, settings);
}
