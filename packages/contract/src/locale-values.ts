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

/**
 * A text the business sets in both languages (a receipt's header or footer) as `locale` prints
 * it: its own language's, else the other one's (decision 069); null when neither is set.
 */
export function receiptTextFor(
  locale: string,
  en: string | null | undefined,
  my: string | null | undefined,
): string | null {
  const [first, second] = locale === 'my' ? [my, en] : [en, my];
  if (first && first.trim() !== '') return first;
  return second && second.trim() !== '' ? second : null;
}
