import type { ErrorEntry } from './error-entry';

// Errors of the payment gateways' settings (/api/payment-gateways) and of their providers.
export const paymentGatewayErrors = {
  payment_gateway_taken: {
    status: 409,
    en: 'This gateway is already set up; change the existing one',
    my: 'Gerbang ini sudah disediakan; ubah yang sedia ada',
  },
  payment_gateway_credentials_invalid: {
    status: 400,
    en: 'The gateway credentials are incomplete or not the ones this gateway uses',
    my: 'Butiran akses gerbang tidak lengkap atau bukan yang digunakan oleh gerbang ini',
  },
  payment_gateway_unreachable: {
    // The business's settings are what to fix (credentials, mode), not this server.
    status: 400,
    en: 'The payment gateway did not accept the request; check the credentials and mode',
    my: 'Gerbang pembayaran tidak menerima permintaan; semak butiran akses dan mod',
  },
} as const satisfies Record<string, ErrorEntry>;
