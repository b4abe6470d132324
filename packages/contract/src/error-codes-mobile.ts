import type { ErrorEntry } from './error-entry';

// Errors of the customer app (/api/mobile/…) and of payment providers.
export const mobileErrors = {
  tenant_header_required: {
    status: 400,
    en: 'Name the business in the X-Tenant header',
    my: 'Nyatakan perniagaan dalam pengepala X-Tenant',
  },
  phone_taken: {
    status: 400,
    en: 'This phone number is already registered. Sign in instead.',
    my: 'Nombor telefon ini sudah didaftarkan. Sila log masuk.',
  },
  referral_code_unknown: {
    status: 400,
    en: 'This referral code does not exist',
    my: 'Kod rujukan ini tidak wujud',
  },
  invalid_phone_or_password: {
    status: 400,
    en: 'Incorrect phone number or password',
    my: 'Nombor telefon atau kata laluan salah',
  },
  phone_not_verified: {
    status: 400,
    en: 'Verify your phone number first with the 6-digit code we sent you',
    my: 'Sahkan nombor telefon anda dahulu dengan kod 6 digit yang kami hantar',
  },
  verification_code_invalid: {
    status: 400,
    en: 'The verification code is incorrect',
    my: 'Kod pengesahan tidak betul',
  },
  verification_code_expired: {
    status: 400,
    en: 'This code has expired or was tried too many times. Ask for a new one.',
    my: 'Kod ini telah tamat tempoh atau dicuba terlalu banyak kali. Minta kod baharu.',
  },
  customer_disabled: {
    status: 400,
    en: 'This account is disabled. Please contact the shop.',
    my: 'Akaun ini telah dinyahaktifkan. Sila hubungi kedai.',
  },
  outlet_not_open: {
    status: 400,
    en: 'This outlet is closed now. Please order when it is open.',
    my: 'Cawangan ini ditutup sekarang. Sila pesan semasa ia dibuka.',
  },
  outlet_last_orders_passed: {
    status: 400,
    en: 'This outlet has stopped taking orders for today',
    my: 'Cawangan ini telah berhenti menerima pesanan untuk hari ini',
  },
  order_not_payable: {
    status: 409,
    en: 'This order cannot be paid now: it is already paid or cancelled',
    my: 'Pesanan ini tidak boleh dibayar sekarang: ia sudah dibayar atau dibatalkan',
  },
  order_not_cancellable: {
    status: 409,
    en: 'This order is already being prepared and can no longer be cancelled',
    my: 'Pesanan ini sedang disediakan dan tidak boleh dibatalkan lagi',
  },
  payment_provider_unavailable: {
    status: 400,
    en: 'This payment method is not available',
    my: 'Kaedah pembayaran ini tidak tersedia',
  },
  payment_signature_invalid: {
    status: 401,
    en: 'The payment notification signature is invalid',
    my: 'Tandatangan pemberitahuan pembayaran tidak sah',
  },
  payment_callback_stale: {
    status: 400,
    en: 'The payment notification is too old',
    my: 'Pemberitahuan pembayaran terlalu lama',
  },
  payment_amount_mismatch: {
    status: 400,
    en: 'The amount paid does not match the payment',
    my: 'Jumlah yang dibayar tidak sepadan dengan pembayaran',
  },
} as const satisfies Record<string, ErrorEntry>;
