import { messageKey, text } from './validation';

// Malaysian phone numbers as outlets print them: mobiles 01x-xxx xxxx (or 011-xxxx xxxx) and
// landlines 0x-xxx xxxx / 03-xxxx xxxx, typed with or without +60 (or 60), spaces and dashes.

/** The pattern a refused number is told to follow (the spec's pattern message). */
export const MY_PHONE_PATTERN = '01x-xxx xxxx / 0x-xxx xxxx';

/**
 * The number in one written form, `+60 12-345 6789` / `+60 3-2141 0001` (the country code, the
 * mobile prefix or area code, then the subscriber number in groups with the last four apart).
 * Null when it is not a Malaysian mobile or landline number.
 */
export function normaliseMalaysianPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  const national = /^(?:\+?60|0060)/.test(compact)
    ? compact.replace(/^(?:\+?60|0060)0?/, '')
    : /^0/.test(compact)
      ? compact.slice(1)
      : null;
  if (national === null) return null;
  // Mobile: 1 and one more digit, then 7 or 8; landline: area digit 2–9, then 7 or 8.
  const match = /^(1\d|[2-9])(\d{7,8})$/.exec(national);
  if (!match) return null;
  const [, prefix, subscriber = ''] = match;
  return `+60 ${prefix}-${subscriber.slice(0, -4)} ${subscriber.slice(-4)}`;
}

/** An optional Malaysian phone number: empty is none, anything else must be one (normalised). */
export const optionalMalaysianPhone = text()
  .trim()
  .max(30, { error: messageKey('max_length', { max: 30 }) })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const phone = normaliseMalaysianPhone(value);
    if (phone === null) {
      ctx.addIssue({
        code: 'custom',
        message: messageKey('pattern', { pattern: MY_PHONE_PATTERN }),
      });
    }
    return phone;
  });
