// The voucher form's own validation messages, apart from `validationMessages`: the web's sign-in
// bundle carries the shared ones, and these load with the voucher screen instead. The server
// answers them like any other (translateValidationMessage).
export const voucherValidationMessages = {
  voucher_code_format: {
    en: 'Use 3 to 32 letters, digits or dashes',
    my: 'Gunakan 3 hingga 32 huruf, digit atau sempang',
  },
  voucher_code_generated: {
    en: 'Unique codes are generated: leave it empty',
    my: 'Kod unik dijana: biarkan kosong',
  },
  voucher_cap_percent: {
    en: 'Only a percent voucher has a cap',
    my: 'Hanya baucar peratusan ada had',
  },
  voucher_limit_unique: {
    en: 'Unique codes are used once: no per-customer limit',
    my: 'Kod unik digunakan sekali: tiada had setiap pelanggan',
  },
} as const satisfies Record<string, { en: string; my: string }>;

export type VoucherValidationKey = keyof typeof voucherValidationMessages;
