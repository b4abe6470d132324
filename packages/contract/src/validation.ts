import { z } from 'zod';
import { formatRinggit } from './money';
import { messageKey } from './validation-values';

export * from './validation-values';

// SPEC §5 password rule: ≥ 8 chars with a digit, a lowercase, an uppercase and one of ! . , @ # $ % & * ( )
export const PASSWORD_MAX_LENGTH = 128;
export const passwordPattern = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!.,@#$%&*()]).{8,}$/;

/** SPEC §5 "required": null, undefined, empty array, false and blank text are empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim().length === 0;
  return false;
}

/** SPEC §5 email: an empty value passes; otherwise (each item for arrays) must be valid. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmailValue(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  const items = Array.isArray(value) ? value : [value];
  return items.every((item) => typeof item === 'string' && emailPattern.test(item));
}

/** SPEC §5 integer: an empty value passes; otherwise (each item for arrays) must be an integer. */
export function isIntegerValue(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  const items = Array.isArray(value) ? value : [value];
  return items.every((item) => /^-?\d+$/.test(String(item)));
}

// PostgreSQL cannot store the NUL character, and its JSON refuses a lone UTF-16 surrogate half.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Every string the API accepts: a text holding a character PostgreSQL cannot store is refused
 * here with a 400 instead of failing in the database (lint forbids a bare `z.string`).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  // eslint-disable-next-line no-restricted-syntax -- the one place a bare string schema is built
  z.string(params).refine((value) => !UNSTORABLE.test(value), {
    error: messageKey('invalid_character'),
  });

/**
 * The rule that `field` is filled in once `applies` holds (a rejection's reason, a dine-in's
 * table): refused as "required" on that field. An object schema takes it in `.check()`.
 */
export const requiredWhen = <T>(field: keyof T & string, applies: (value: T) => boolean) =>
  z.refine<T>((value) => !applies(value) || Boolean(value[field]), {
    path: [field],
    error: messageKey('required'),
  });

// Zod building blocks that emit the spec's messages as keys.
export const requiredString = (max = 255) =>
  text({ error: messageKey('required') })
    .trim()
    .min(1, { error: messageKey('required') })
    .max(max, { error: messageKey('max_length', { max }) });

export const optionalEmail = text()
  .trim()
  .max(255, { error: messageKey('max_length', { max: 255 }) })
  .refine(isValidEmailValue, { error: messageKey('email') });

/** A password typed to prove who one is (sign-in, unlock, confirm): any text up to the limit. */
export const currentPasswordSchema = text({ error: messageKey('required') })
  .min(1, { error: messageKey('required') })
  .max(PASSWORD_MAX_LENGTH, { error: messageKey('max_length', { max: PASSWORD_MAX_LENGTH }) });

export const passwordSchema = text({ error: messageKey('required') })
  .min(1, { error: messageKey('required') })
  .max(PASSWORD_MAX_LENGTH, { error: messageKey('max_length', { max: PASSWORD_MAX_LENGTH }) })
  .regex(passwordPattern, { error: messageKey('password') });

/** A whole number typed in a form: an empty field is "required", a fraction "integer". */
export const wholeNumber = () =>
  z.number({ error: messageKey('required') }).int({ error: messageKey('integer') });

/**
 * A whole number from `min` to `max`: a refusal names the bound as the field shows it, by
 * default the number itself ("Maximal value is 3650").
 */
export const intBetween = (
  min: number,
  max: number,
  shown: { min?: string | number; max?: string | number } = {},
) =>
  wholeNumber()
    .min(min, { error: messageKey('min_value', { min: shown.min ?? min }) })
    .max(max, { error: messageKey('max_value', { max: shown.max ?? max }) });

/**
 * Integer sen from `min` to `max`: a refusal names the range in ringgit ("The maximum amount is
 * RM 1,000,000.00"), as the field shows ringgit, not sen.
 */
export const senBetween = (min: number, max: number) =>
  wholeNumber()
    .min(min, { error: messageKey('money_min', { min: formatRinggit(min) }) })
    .max(max, { error: messageKey('money_max', { max: formatRinggit(max) }) });
