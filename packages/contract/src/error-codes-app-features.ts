import type { ErrorEntry } from './error-entry';

// Errors of the customer app's feature switches (/api/app-features, /api/general-settings/features)
// and of the app's calls a switched-off feature refuses.
export const appFeatureErrors = {
  app_feature_off: {
    status: 400,
    en: 'This is not available in the app right now',
    my: 'Ini tidak tersedia dalam aplikasi buat masa ini',
  },
  app_feature_locked: {
    status: 409,
    en: 'The platform has fixed this feature for every business; it cannot be changed',
    my: 'Platform telah menetapkan ciri ini untuk semua perniagaan; ia tidak boleh diubah',
  },
  app_feature_not_per_outlet: {
    status: 400,
    en: 'This feature is set for the whole business, not per outlet',
    my: 'Ciri ini ditetapkan untuk seluruh perniagaan, bukan mengikut cawangan',
  },
} as const satisfies Record<string, ErrorEntry>;
