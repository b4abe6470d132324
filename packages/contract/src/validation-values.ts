import type { PinValidationKey } from './pin-validation';
import type { VoucherValidationKey } from './voucher-validation';

// Without zod (see values.ts); validation.ts builds the schemas on these.

// SPEC §5 validation messages, word for word, with their Malay translation. Schemas carry a
// message *key* (optionally with parameters, see `messageKey`) so server and web can translate.
export const validationMessages = {
  required: { en: 'This field is required', my: 'Bidang ini diperlukan' },
  email: {
    en: 'The Email field must be a valid email',
    my: 'Medan E-mel mestilah e-mel yang sah',
  },
  password: {
    en: 'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
    my: 'Medan mesti mengandungi sekurang-kurangnya satu huruf besar, huruf kecil, aksara khas dan digit dengan minimum 8 aksara',
  },
  confirmed: {
    en: 'The Confirm Password field confirmation does not match',
    my: 'Pengesahan medan Sahkan Kata Laluan tidak sepadan',
  },
  min_value: { en: 'Minimal value is {min}', my: 'Nilai minimum ialah {min}' },
  max_value: { en: 'Maximal value is {max}', my: 'Nilai maksimum ialah {max}' },
  integer: { en: 'This field must be an integer', my: 'Medan ini mestilah integer' },
  exact_length: {
    en: 'The length of the Characters field must be {n} characters.',
    my: 'Panjang medan Aksara mestilah {n} aksara.',
  },
  generic_min: { en: 'The minimum value is {min}', my: 'Nilai minimum ialah {min}' },
  generic_max: { en: 'The maximum value is {max}', my: 'Nilai maksimum ialah {max}' },
  min_length: { en: 'The minimum length is {min}', my: 'Panjang minimum ialah {min}' },
  max_length: { en: 'The maximum length is {max}', my: 'Panjang maksimum ialah {max}' },
  pattern: { en: 'The pattern is {pattern}', my: 'Corak ialah {pattern}' },
  email_invalid: { en: 'The email is invalid', my: 'E-mel tidak sah' },
  url_invalid: { en: 'The url is invalid', my: 'URL tidak sah' },
  date_invalid: { en: 'The date is invalid', my: 'Tarikh tidak sah' },
  date_before: { en: 'The date is before {minDate}', my: 'Tarikh adalah sebelum {minDate}' },
  date_after: { en: 'The date is after {maxDate}', my: 'Tarikh adalah selepas {maxDate}' },
  min_items: {
    en: 'The minimum number of items is {minCount}',
    my: 'Bilangan item minimum ialah {minCount}',
  },
  max_items: {
    en: 'The maximum number of items is {maxCount}',
    my: 'Bilangan item maksimum ialah {maxCount}',
  },
  not_unique: { en: 'The value is not unique', my: 'Nilai tidak unik' },
  invalid: { en: 'The value is invalid', my: 'Nilai tidak sah' },
  // Beyond SPEC §5: rules of the catalogue forms.
  discounted_price_too_high: {
    en: 'The discounted price must be lower than the base price',
    my: 'Harga diskaun mestilah lebih rendah daripada harga asas',
  },
  select_range: {
    en: 'Minimum choices cannot exceed maximum choices',
    my: 'Pilihan minimum tidak boleh melebihi pilihan maksimum',
  },
  select_over_options: {
    en: 'Maximum choices cannot exceed the number of options',
    my: 'Pilihan maksimum tidak boleh melebihi bilangan pilihan',
  },
  // Outlet form: the status board's colour times.
  board_red_after_amber: {
    en: 'The red time must be longer than the amber time',
    my: 'Masa merah mestilah lebih lama daripada masa ambar',
  },
  // The wallet adjustment form: the direction says credit or debit, the amount has no sign.
  amount_above_zero: {
    en: 'Enter an amount above RM 0.00; choose Debit to take money off',
    my: 'Masukkan amaun melebihi RM 0.00; pilih Debit untuk menolak wang',
  },
  // Money fields: the range in ringgit with separators ("RM 1,000,000.00"), never in sen.
  money_min: { en: 'The minimum amount is {min}', my: 'Amaun minimum ialah {min}' },
  money_max: { en: 'The maximum amount is {max}', my: 'Amaun maksimum ialah {max}' },
  money_decimals: {
    en: 'Enter ringgit with at most 2 decimals, e.g. 12.50',
    my: 'Masukkan ringgit dengan paling banyak 2 perpuluhan, cth. 12.50',
  },
  not_a_number: { en: 'Enter a number, e.g. 12.50', my: 'Masukkan nombor, cth. 12.50' },
  money_too_large: { en: 'This amount is too large', my: 'Amaun ini terlalu besar' },
  // Product import rows (POST /api/products/import).
  duplicate_in_file: {
    en: 'Also used on row {row} of this file',
    my: 'Juga digunakan pada baris {row} dalam fail ini',
  },
  unknown_category: {
    en: 'No category has this name',
    my: 'Tiada kategori dengan nama ini',
  },
  price_format: {
    en: 'Enter a price in ringgit, e.g. 12.50',
    my: 'Masukkan harga dalam ringgit, cth. 12.50',
  },
  status_value: {
    en: 'Use active or disabled',
    my: 'Gunakan active atau disabled',
  },
  barcode_taken: {
    en: 'Another product already uses this barcode',
    my: 'Produk lain sudah menggunakan kod bar ini',
  },
  sku_taken: {
    en: 'Another product already uses this SKU',
    my: 'Produk lain sudah menggunakan SKU ini',
  },
  invalid_character: {
    en: 'Contains a character that cannot be stored',
    my: 'Mengandungi aksara yang tidak boleh disimpan',
  },
  account_number: {
    en: 'An account number is 6–20 digits',
    my: 'Nombor akaun ialah 6–20 digit',
  },
  payment_code: {
    en: 'A payment code is 12 digits',
    my: 'Kod pembayaran ialah 12 digit',
  },
  points_multiple: {
    en: 'Redeem points in multiples of {step}',
    my: 'Tebus mata dalam gandaan {step}',
  },
  // Banner and voucher forms: a schedule or validity, and a link the app opens.
  ends_after_start: {
    en: 'The end must be after the start',
    my: 'Masa tamat mestilah selepas masa mula',
  },
  https_url: {
    en: 'The link must start with https://',
    my: 'Pautan mesti bermula dengan https://',
  },
} as const satisfies Record<string, { en: string; my: string }>;

export type ValidationKey = keyof typeof validationMessages;
/** Every message a schema may carry: the shared ones and those of one screen's form. */
export type MessageName = ValidationKey | VoucherValidationKey | PinValidationKey;
export type MessageParams = Record<string, string | number>;

const PREFIX = 'validation.';

/** Encodes a translatable message as `validation.<key>` or `validation.<key>?a=1&b=2`. */
export function messageKey(key: MessageName, params?: MessageParams): string {
  if (!params || Object.keys(params).length === 0) return PREFIX + key;
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${PREFIX}${key}?${query}`;
}

// By its shape, not by a list: the list of one screen's messages would otherwise load with every
// screen that reads a message (the sign-in page among them).
const KEY_SHAPE = /^[a-z][a-z0-9_]*$/;

/** Decodes a message produced by `messageKey`; null when it is not one. */
export function parseMessageKey(
  message: string,
): { key: MessageName; params: MessageParams } | null {
  if (!message.startsWith(PREFIX)) return null;
  const [rawKey = '', query = ''] = message.slice(PREFIX.length).split('?', 2);
  if (!KEY_SHAPE.test(rawKey)) return null;
  return {
    key: rawKey as MessageName,
    params: Object.fromEntries(
      query
        .split('&')
        .filter(Boolean)
        .map((pair) => pair.split('=', 2).map((part) => decodeURIComponent(part ?? ''))),
    ),
  };
}

export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
