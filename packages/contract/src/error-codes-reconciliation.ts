import type { ErrorEntry } from './error-entry';

// Errors of a gateway's reconciliation (/api/payment-gateways/{id}/reconciliation). Kept short:
// every message ships in the sign-in page's bundle.
export const reconciliationErrors = {
  reconciliation_too_many: {
    status: 400,
    en: 'Too many payments to ask the gateway about; choose fewer days',
    my: 'Terlalu banyak pembayaran untuk disemak; pilih kurang hari',
  },
  settlement_file_invalid: {
    status: 400,
    en: "This is not the gateway's settlement file",
    my: 'Ini bukan fail penyelesaian gerbang ini',
  },
} as const satisfies Record<string, ErrorEntry>;
