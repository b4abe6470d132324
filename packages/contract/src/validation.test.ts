import { describe, expect, it } from 'vitest';
import { changePasswordSchema, findAppSetting, profileUpdateSchema } from './auth';
import {
  formatMessage,
  isEmptyValue,
  isIntegerValue,
  isValidEmailValue,
  messageKey,
  parseMessageKey,
  passwordPattern,
  text,
  validationMessages,
} from './validation';
import { translateValidationMessage } from './validation-texts';

describe('validation messages (SPEC §5)', () => {
  it('has the spec wording in English and a Malay translation for every key', () => {
    expect(validationMessages.required).toEqual({
      en: 'This field is required',
      my: 'Bidang ini diperlukan',
    });
    expect(validationMessages.password.en).toBe(
      'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
    );
    expect(validationMessages.confirmed.en).toBe(
      'The Confirm Password field confirmation does not match',
    );
    expect(validationMessages.email.en).toBe('The Email field must be a valid email');
    expect(validationMessages.exact_length.en).toBe(
      'The length of the Characters field must be {n} characters.',
    );
    for (const [key, m] of Object.entries(validationMessages)) {
      expect(m.my.length, key).toBeGreaterThan(0);
      expect(m.my, key).not.toBe(m.en);
    }
  });

  it('round-trips keys with parameters and fills templates', () => {
    const encoded = messageKey('min_value', { min: 5 });
    expect(parseMessageKey(encoded)).toEqual({ key: 'min_value', params: { min: '5' } });
    expect(translateValidationMessage(encoded, 'en')).toBe('Minimal value is 5');
    expect(translateValidationMessage(encoded, 'my')).toBe('Nilai minimum ialah 5');
    expect(translateValidationMessage(messageKey('pattern', { pattern: 'a&b=c' }), 'en')).toBe(
      'The pattern is a&b=c',
    );
    expect(translateValidationMessage('plain text', 'en')).toBe('plain text');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('value rules', () => {
  it('required treats null, empty array, false and blank text as empty', () => {
    for (const v of [null, undefined, [], false, '', '   ']) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, '0', '00', ['a'], true, 'x']) expect(isEmptyValue(v)).toBe(false);
  });

  it('email passes when empty and checks each array item', () => {
    expect(isValidEmailValue('')).toBe(true);
    expect(isValidEmailValue('a@b.my')).toBe(true);
    expect(isValidEmailValue('nope')).toBe(false);
    expect(isValidEmailValue(['a@b.my', 'c@d.com'])).toBe(true);
    expect(isValidEmailValue(['a@b.my', 'bad'])).toBe(false);
  });

  it('integer passes when empty and checks each item', () => {
    expect(isIntegerValue('')).toBe(true);
    expect(isIntegerValue('12')).toBe(true);
    expect(isIntegerValue(['1', 2])).toBe(true);
    expect(isIntegerValue('1.5')).toBe(false);
  });

  it('password needs digit, lower, upper, special and 8 chars', () => {
    expect(passwordPattern.test('Kopi@1234')).toBe(true);
    expect(passwordPattern.test('Kopi(1234')).toBe(true);
    expect(passwordPattern.test('kopi@1234')).toBe(false);
    expect(passwordPattern.test('KOPI@1234')).toBe(false);
    expect(passwordPattern.test('Kopi12345')).toBe(false);
    expect(passwordPattern.test('Kopi@12')).toBe(false);
    expect(passwordPattern.test('Kopi^1234')).toBe(false);
  });
});

describe('auth schemas', () => {
  it('change password reports the confirmation mismatch on the confirmation field', () => {
    const r = changePasswordSchema.safeParse({
      old_password: 'Kopi@1234',
      password: 'Teh@tarik1',
      password_confirmation: 'Teh@tarik2',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['password_confirmation']);
    expect(r.error?.issues[0]?.message).toBe('validation.confirmed');
  });

  it('profile update drops the stripped fields', () => {
    const r = profileUpdateSchema.parse({
      fullname: 'Aminah',
      is_verify: true,
      kyc_status: 'x',
      otp: '1',
      password: 'x',
      language: 'my',
    });
    expect(r).toEqual({ fullname: 'Aminah' });
  });

  it('app settings lookup returns the last matching entry', () => {
    const entries = [
      { code: 'a', name: 'A', enabled: true },
      { code: 'a', name: 'A2', enabled: false },
    ];
    expect(findAppSetting(entries, 'a')?.name).toBe('A2');
    expect(findAppSetting(entries, 'b')).toBeUndefined();
  });
});

describe('text', () => {
  it('refuses characters PostgreSQL cannot store, and nothing else', () => {
    const name = text().max(20);
    for (const fine of ['Kopi O', 'Kopi\tO\n', 'Teh ais 🧋', 'Kopi \u{1F600}']) {
      expect(name.safeParse(fine).success, fine).toBe(true);
    }
    for (const bad of ['Kopi\u0000O', 'Kopi \ud800', '\udc00 Teh', 'a\ud83d']) {
      expect(name.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'validation.invalid_character',
      );
    }
  });
});
