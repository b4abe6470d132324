import type { ErrorEntry } from './error-entry';
import type { VoucherRefusal } from './vouchers';

// Errors of vouchers: a code that names no voucher, and each reason a voucher does not apply to
// an order (`voucher_<reason>`, from evaluateVoucher), so the cashier and the customer read why.
export const voucherRefusalErrors = {
  voucher_inactive: {
    status: 409,
    en: 'This voucher is switched off',
    my: 'Baucar ini dimatikan',
  },
  voucher_not_yet_valid: {
    status: 409,
    en: 'This voucher is not valid yet',
    my: 'Baucar ini belum sah',
  },
  voucher_expired: {
    status: 409,
    en: 'This voucher has expired',
    my: 'Baucar ini telah tamat tempoh',
  },
  voucher_wrong_day: {
    status: 409,
    en: 'This voucher cannot be used today',
    my: 'Baucar ini tidak boleh digunakan hari ini',
  },
  voucher_wrong_hour: {
    status: 409,
    en: 'This voucher cannot be used at this hour',
    my: 'Baucar ini tidak boleh digunakan pada waktu ini',
  },
  voucher_outlet: {
    status: 409,
    en: 'This voucher cannot be used at this outlet',
    my: 'Baucar ini tidak boleh digunakan di cawangan ini',
  },
  voucher_source: {
    status: 409,
    en: 'This voucher cannot be used for this kind of order (counter or app)',
    my: 'Baucar ini tidak boleh digunakan untuk jenis pesanan ini (kaunter atau aplikasi)',
  },
  voucher_serving_method: {
    status: 409,
    en: 'This voucher cannot be used for this serving method',
    my: 'Baucar ini tidak boleh digunakan untuk kaedah hidangan ini',
  },
  voucher_customer_needed: {
    status: 409,
    en: 'This voucher needs a signed-up customer on the order',
    my: 'Baucar ini memerlukan pelanggan berdaftar pada pesanan',
  },
  voucher_limit_reached: {
    status: 409,
    en: 'This voucher has been fully used',
    my: 'Baucar ini telah digunakan sepenuhnya',
  },
  voucher_customer_limit_reached: {
    status: 409,
    en: 'This customer has already used this voucher as often as allowed',
    my: 'Pelanggan ini telah menggunakan baucar ini seberapa kerap yang dibenarkan',
  },
  voucher_min_spend: {
    status: 409,
    en: 'The order is below this voucher’s minimum spend',
    my: 'Pesanan di bawah perbelanjaan minimum baucar ini',
  },
  voucher_no_eligible_item: {
    status: 409,
    en: 'Nothing in the order qualifies for this voucher',
    my: 'Tiada item dalam pesanan yang layak untuk baucar ini',
  },
} as const satisfies Record<`voucher_${VoucherRefusal}`, ErrorEntry>;

export const voucherErrors = {
  ...voucherRefusalErrors,
  voucher_unknown: {
    status: 409,
    en: 'No voucher has this code',
    my: 'Tiada baucar dengan kod ini',
  },
  voucher_code_taken: {
    status: 409,
    en: 'Another voucher already uses this code',
    my: 'Baucar lain sudah menggunakan kod ini',
  },
  voucher_code_kind_fixed: {
    status: 409,
    en: 'A voucher’s code kind (shared or unique) cannot change once it is created',
    my: 'Jenis kod baucar (dikongsi atau unik) tidak boleh diubah selepas dicipta',
  },
  voucher_in_use: {
    status: 409,
    en: 'This voucher has been redeemed, so it cannot be deleted; switch it off instead',
    my: 'Baucar ini telah ditebus, jadi ia tidak boleh dipadam; matikannya sahaja',
  },
  voucher_limit_below_used: {
    status: 409,
    en: 'The total limit cannot be below the redemptions already made',
    my: 'Had keseluruhan tidak boleh kurang daripada penebusan yang telah dibuat',
  },
  voucher_codes_shared: {
    status: 409,
    en: 'Codes are generated only for a voucher with unique codes',
    my: 'Kod dijana hanya untuk baucar dengan kod unik',
  },
} as const satisfies Record<string, ErrorEntry>;
