import type { ErrorEntry } from './error-entry';

// Errors of points rewards: the back office's reward list and the customer app's exchange.
export const rewardErrors = {
  reward_voucher_not_unique: {
    status: 409,
    en: 'A reward gives a code of a voucher with unique codes; this voucher has a shared code',
    my: 'Ganjaran memberi kod baucar dengan kod unik; baucar ini mempunyai kod dikongsi',
  },
  reward_in_use: {
    status: 409,
    en: 'This reward has been exchanged, so it cannot be deleted; switch it off instead',
    my: 'Ganjaran ini telah ditukar, jadi ia tidak boleh dipadam; matikannya sahaja',
  },
  reward_stock_below_issued: {
    status: 409,
    en: 'The stock cannot be below the rewards already exchanged',
    my: 'Stok tidak boleh kurang daripada ganjaran yang telah ditukar',
  },
  reward_unavailable: {
    status: 409,
    en: 'This reward is not available now',
    my: 'Ganjaran ini tidak tersedia sekarang',
  },
  reward_out_of_stock: {
    status: 409,
    en: 'This reward has run out',
    my: 'Ganjaran ini telah habis',
  },
} as const satisfies Record<string, ErrorEntry>;
