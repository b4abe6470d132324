import type { ErrorEntry } from './error-entry';

// Errors of customers, the wallet, points, tiers and referrals.
export const loyaltyErrors = {
  insufficient_wallet_balance: {
    status: 409,
    en: 'The wallet balance is too low for this amount',
    my: 'Baki dompet tidak mencukupi untuk jumlah ini',
  },
  wallet_balance_limit: {
    status: 409,
    en: 'This would take the wallet over its maximum balance',
    my: 'Ini akan melebihi baki maksimum dompet',
  },
  customer_blocked: {
    status: 409,
    en: 'This customer is blocked',
    my: 'Pelanggan ini disekat',
  },
  customer_anonymised: {
    status: 409,
    en: "This customer's personal data was erased; the record can no longer change",
    my: 'Data peribadi pelanggan ini telah dipadam; rekod tidak boleh diubah lagi',
  },
  customer_phone_taken: {
    status: 409,
    en: 'Another customer already has this phone number',
    my: 'Pelanggan lain sudah menggunakan nombor telefon ini',
  },
  payment_code_invalid: {
    status: 409,
    en: 'This payment code is not valid. Ask the customer to show a new one.',
    my: 'Kod pembayaran ini tidak sah. Minta pelanggan menunjukkan kod baharu.',
  },
  payment_code_expired: {
    status: 409,
    en: 'This payment code has expired or was already used. Ask the customer to show a new one.',
    my: 'Kod pembayaran ini telah tamat tempoh atau sudah digunakan. Minta pelanggan menunjukkan kod baharu.',
  },
  wallet_payment_needs_code: {
    status: 400,
    en: 'Paying with the wallet needs the payment code from the customer app',
    my: 'Pembayaran dengan dompet memerlukan kod pembayaran daripada aplikasi pelanggan',
  },
  wallet_adjustment_decided: {
    status: 409,
    en: 'This adjustment was already approved or rejected',
    my: 'Pelarasan ini telah diluluskan atau ditolak',
  },
  wallet_adjustment_same_approver: {
    status: 403,
    en: 'Another staff member must approve an adjustment you asked for',
    my: 'Kakitangan lain mesti meluluskan pelarasan yang anda minta',
  },
  insufficient_points: {
    status: 409,
    en: 'Not enough points',
    my: 'Mata tidak mencukupi',
  },
  tier_threshold_taken: {
    status: 409,
    en: 'Another tier already starts at this threshold',
    my: 'Peringkat lain sudah bermula pada ambang ini',
  },
  refund_needs_customer: {
    status: 409,
    en: 'Only an order with a customer can be refunded to a wallet',
    my: 'Hanya pesanan dengan pelanggan boleh dibayar balik ke dompet',
  },
} as const satisfies Record<string, ErrorEntry>;
