import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the forced password change after signing in with a temporary password (loaded with
// that page only, so the sign-in bundle does not grow).
const en = {
  title: 'Choose your own password',
  subtitle:
    'You signed in with a temporary password from an administrator. Choose your own before you continue.',
  temporary: 'Temporary password',
  submit: 'Save and continue',
  changed: 'Password changed',
  signOut: 'Sign out',
};

const my: FeatureMessages<typeof en> = {
  title: 'Pilih kata laluan anda sendiri',
  subtitle:
    'Anda log masuk dengan kata laluan sementara daripada pentadbir. Pilih kata laluan anda sendiri sebelum meneruskan.',
  temporary: 'Kata laluan sementara',
  submit: 'Simpan dan teruskan',
  changed: 'Kata laluan ditukar',
  signOut: 'Log keluar',
};

export const useChangePasswordStrings = defineFeatureStrings('changePassword', { en, my });
