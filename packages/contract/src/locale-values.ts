// SPEC §1: English (en, default and fallback) and Melayu (my). Without zod: the web reads these
// before its first paint (see values.ts); locale.ts adds the schema.
export const locales = ['en', 'my'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/**
 * The name to show in `locale`: the Malay name when the locale is Malay and one is set (not
 * blank), else the English name. The one fallback rule of catalogue names (decision 039), used
 * by the web screens and the server's customer-facing answers alike.
 */
export function localizedName(
  locale: string,
  name: string,
  nameMy: string | null | undefined,
): string {
  return locale === 'my' && nameMy && nameMy.trim() !== '' ? nameMy : name;
}
