import { defineFeatureStrings } from '../lib/i18n/feature-strings';

// Strings of the platform's tenant filter, apart from the component so the string tables load
// without MUI.
export const useTenantFilterStrings = defineFeatureStrings('tenantFilter', {
  en: {
    label: 'Tenant',
    all: 'All tenants',
    platform: 'Platform (no tenant)',
    required: 'Orders belong to a tenant. Choose a tenant to work in first.',
    choose: 'Choose a tenant',
  },
  my: {
    label: 'Penyewa',
    all: 'Semua penyewa',
    platform: 'Platform (tiada penyewa)',
    required: 'Pesanan milik penyewa. Pilih penyewa untuk bekerja terlebih dahulu.',
    choose: 'Pilih penyewa',
  },
});
