import type { ErrorEntry } from './error-entry';

// Errors of the customer app's texts (/api/content-texts, /api/general-settings/content-texts).
export const contentTextErrors = {
  content_text_key_taken: {
    status: 400,
    en: 'A text with this key already exists',
    my: 'Teks dengan kunci ini sudah wujud',
  },
} as const satisfies Record<string, ErrorEntry>;
