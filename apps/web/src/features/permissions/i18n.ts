import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the permission catalogue (/settings/permissions).
const en = {
  title: 'Permissions',
  subtitle:
    'Every permission string the product checks, what it allows and which roles hold it. The catalogue comes with the product; roles choose from it.',
  table: 'Permission catalogue',
  search: 'Search permissions',
  permission: 'Permission',
  allows: 'What it allows',
  area: 'Area',
  heldBy: 'Held by',
  anyArea: 'All areas',
  platformOnly: 'Platform only',
  nobody: 'No role',
  roleCount_one: '{{count}} role across all tenants',
  roleCount_other: '{{count}} roles across all tenants',
  platformRole: 'platform',
  empty: 'No permission matches the search.',
};

const my: FeatureMessages<typeof en> = {
  title: 'Kebenaran',
  subtitle:
    'Setiap rentetan kebenaran yang diperiksa oleh produk, apa yang dibenarkan dan peranan yang memegangnya. Katalog ini disertakan dengan produk; peranan memilih daripadanya.',
  table: 'Katalog kebenaran',
  search: 'Cari kebenaran',
  permission: 'Kebenaran',
  allows: 'Apa yang dibenarkan',
  area: 'Kawasan',
  heldBy: 'Dipegang oleh',
  anyArea: 'Semua kawasan',
  platformOnly: 'Platform sahaja',
  nobody: 'Tiada peranan',
  roleCount_one: '{{count}} peranan merentas semua penyewa',
  roleCount_other: '{{count}} peranan merentas semua penyewa',
  platformRole: 'platform',
  empty: 'Tiada kebenaran sepadan dengan carian.',
};

export const usePermissionStrings = defineFeatureStrings('permissions', { en, my });
