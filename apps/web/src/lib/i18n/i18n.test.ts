import { errorCatalog, messageKey, validationMessages, type ValidationKey } from '@kopi/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { enShell } from './en-shell';
import {
  documentLanguage,
  ensureLanguage,
  i18n,
  translateErrorCode,
  translateValidation,
} from './i18n';
import { my } from './my';
import { toI18nTemplate } from './resources';

// SPEC §5, word for word.
const spec: [ValidationKey, Record<string, string | number>, string][] = [
  ['required', {}, 'This field is required'],
  ['email', {}, 'The Email field must be a valid email'],
  [
    'password',
    {},
    'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
  ],
  ['confirmed', {}, 'The Confirm Password field confirmation does not match'],
  ['min_value', { min: 5 }, 'Minimal value is 5'],
  ['max_value', { max: 9 }, 'Maximal value is 9'],
  ['integer', {}, 'This field must be an integer'],
  ['exact_length', { n: 6 }, 'The length of the Characters field must be 6 characters.'],
  ['generic_min', { min: 1 }, 'The minimum value is 1'],
  ['generic_max', { max: 2 }, 'The maximum value is 2'],
  ['min_length', { min: 3 }, 'The minimum length is 3'],
  ['max_length', { max: 4 }, 'The maximum length is 4'],
  ['pattern', { pattern: '^a+$' }, 'The pattern is ^a+$'],
  ['email_invalid', {}, 'The email is invalid'],
  ['url_invalid', {}, 'The url is invalid'],
  ['date_invalid', {}, 'The date is invalid'],
  ['date_before', { minDate: '2026/01/01' }, 'The date is before 2026/01/01'],
  ['date_after', { maxDate: '2026/12/31' }, 'The date is after 2026/12/31'],
  ['min_items', { minCount: 1 }, 'The minimum number of items is 1'],
  ['max_items', { maxCount: 5 }, 'The maximum number of items is 5'],
  ['not_unique', {}, 'The value is not unique'],
  ['invalid', {}, 'The value is invalid'],
];

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('validation messages (SPEC §5)', () => {
  it('are all in the contract', () => {
    for (const [key] of spec) expect(Object.keys(validationMessages)).toContain(key);
  });

  it('translates every contract message in both languages, parameters filled', async () => {
    for (const locale of ['en', 'my'] as const) {
      await ensureLanguage(locale);
      await i18n.changeLanguage(locale);
      for (const [key, texts] of Object.entries(validationMessages)) {
        const names = [...texts[locale].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((name, i) => [name, `P${i}`]));
        const expected = names.reduce(
          (text, name, i) => text.replace(`{${name}}`, `P${i}`),
          texts[locale],
        );
        expect(
          translateValidation(messageKey(key as keyof typeof validationMessages, params)),
          `${locale} ${key}`,
        ).toBe(expected);
      }
    }
  });

  it.each(spec)('%s in English', async (key, params, english) => {
    await i18n.changeLanguage('en');
    expect(translateValidation(messageKey(key, params))).toBe(english);
  });

  it.each(spec)('%s in Melayu', async (key, params) => {
    await ensureLanguage('my');
    await i18n.changeLanguage('my');
    const expected = Object.entries(params).reduce<string>(
      (text, [name, value]) => text.replace(`{${name}}`, String(value)),
      validationMessages[key].my,
    );
    expect(translateValidation(messageKey(key, params))).toBe(expected);
    expect(expected).not.toMatch(/\{\w+\}/);
  });

  it('says "Bidang ini diperlukan" in Melayu', async () => {
    await ensureLanguage('my');
    await i18n.changeLanguage('my');
    expect(translateValidation('validation.required')).toBe('Bidang ini diperlukan');
    expect(translateValidation('plain text')).toBe('plain text');
  });

  it('converts contract templates for i18next', () => {
    expect(toI18nTemplate('Minimal value is {min}')).toBe('Minimal value is {{min}}');
  });
});

describe('interface strings', () => {
  function keys(value: object, prefix = ''): string[] {
    return Object.entries(value).flatMap(([k, v]) =>
      typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  }

  it('has every English key in Melayu and no empty string', () => {
    const english = keys({ ...en, ...enShell }).sort();
    const malay = keys(my).sort();
    expect(malay).toEqual(english);
    for (const key of malay) {
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], my);
      expect(value, key).toBeTypeOf('string');
      expect((value as string).length, key).toBeGreaterThan(0);
    }
  });

  it('translates error codes and status messages in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(await translateErrorCode('invalid_credentials')).toBe(
      errorCatalog.invalid_credentials.en,
    );
    expect(await translateErrorCode('no_such_code')).toBeUndefined();
    expect(i18n.t('http.sessionLocked')).toBe('Session is Locked');
    expect(i18n.t('http.status500')).toBe('Internal server error');
    expect(i18n.t('http.unexpectedStatus', { code: 418 })).toBe('Unexpected status code: 418');
    expect(i18n.t('auth.lock.unlocked')).toBe('Unlocked Successfully');
    await ensureLanguage('my');
    await i18n.changeLanguage('my');
    expect(await translateErrorCode('invalid_credentials')).toBe(
      errorCatalog.invalid_credentials.my,
    );
    // Loading the catalogue first must not stop the Melayu interface strings from loading.
    expect(i18n.t('auth.lock.unlocked')).toBe('Berjaya Dibuka');
  });

  it('marks Melayu documents as Malay (ms) for assistive technology', () => {
    expect(documentLanguage('my')).toBe('ms');
    expect(documentLanguage('en')).toBe('en');
  });
});
