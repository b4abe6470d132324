import type { Locale } from '@kopi/contract';

// Malay names of the catalogue (decision 039): what is stored, and which language a customer's
// app asked for.

/** A Malay name as stored: trimmed, and null when blank (Malay screens then show the English). */
export const malayName = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The language of an app request, from its Accept-Language header: the first range (by q-value,
 * then order) naming Malay (`ms`, or the `my` the back office uses) or English; English otherwise.
 */
export function languageOf(acceptLanguage: string | string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranges) {
    if (r.primary === 'ms' || r.primary === 'my') return 'my';
    if (r.primary === 'en') return 'en';
  }
  return 'en';
}
