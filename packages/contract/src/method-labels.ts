import type { RefundPaidBy } from './day-close';
import type { Locale } from './locale';
import type { PaymentMethod, ServingMethod } from './pricing';

// Payment and serving method names for the files the server writes (order CSV, report exports),
// in one place so every file names a method the same way; the screens' own bundles hold the same
// words (web tests compare them).

export const paymentMethodLabels: Record<Locale, Record<PaymentMethod, string>> = {
  en: {
    cash: 'Cash',
    card: 'Card',
    fpx: 'FPX online banking',
    duitnow_qr: 'DuitNow QR',
    tng: "Touch 'n Go eWallet",
    grabpay: 'GrabPay',
    boost: 'Boost',
    shopeepay: 'ShopeePay',
    wallet: 'Kopi wallet',
  },
  my: {
    cash: 'Tunai',
    card: 'Kad',
    fpx: 'Perbankan dalam talian FPX',
    duitnow_qr: 'DuitNow QR',
    tng: "Touch 'n Go eWallet",
    grabpay: 'GrabPay',
    boost: 'Boost',
    shopeepay: 'ShopeePay',
    wallet: 'Dompet Kopi',
  },
};

export const servingMethodLabels: Record<Locale, Record<ServingMethod, string>> = {
  en: { dine_in: 'Dine in', pick_up: 'Pick up', delivery: 'Delivery' },
  my: { dine_in: 'Makan di sini', pick_up: 'Ambil sendiri', delivery: 'Penghantaran' },
};

/** What a refund went back by: the payment methods, and a bank transfer. */
export const refundPaidByLabels: Record<Locale, Record<RefundPaidBy, string>> = {
  en: { ...paymentMethodLabels.en, bank_transfer: 'Bank transfer' },
  my: { ...paymentMethodLabels.my, bank_transfer: 'Pindahan bank' },
};
