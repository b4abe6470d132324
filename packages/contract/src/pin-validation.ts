// The PIN forms' own validation messages (account settings and the till's approval dialog),
// apart from `validationMessages` so the sign-in bundle does not carry them; the screens that
// show them register them.
export const pinValidationMessages = {
  pin_format: { en: 'A PIN is 4 to 6 digits', my: 'PIN ialah 4 hingga 6 digit' },
  pin_mismatch: { en: 'The two PINs differ', my: 'Kedua-dua PIN berbeza' },
} as const satisfies Record<string, { en: string; my: string }>;

export type PinValidationKey = keyof typeof pinValidationMessages;
