import { accessErrors } from './error-codes-access';
import { approvalErrors } from './error-codes-approvals';
import { appFeatureErrors } from './error-codes-app-features';
import { catalogueErrors } from './error-codes-catalogue';
import { contentTextErrors } from './error-codes-content-texts';
import { loyaltyErrors } from './error-codes-loyalty';
import { mobileErrors } from './error-codes-mobile';
import { orderErrors } from './error-codes-orders';
import { paymentGatewayErrors } from './error-codes-payment-gateways';
import { platformErrors } from './error-codes-platform';
import { reconciliationErrors } from './error-codes-reconciliation';
import { rewardErrors } from './error-codes-rewards';
import { shiftErrors } from './error-codes-shifts';
import { voucherCampaignErrors } from './error-codes-voucher-campaigns';
import { voucherErrors } from './error-codes-vouchers';

// Stable error codes (`code_message`) with their HTTP status and English/Malay messages.
// The server answers with the code; the web translates it. Add codes in the file of their area,
// never inline.
export const errorCatalog = {
  ...platformErrors,
  ...catalogueErrors,
  ...orderErrors,
  ...mobileErrors,
  ...loyaltyErrors,
  ...accessErrors,
  ...shiftErrors,
  ...contentTextErrors,
  ...appFeatureErrors,
  ...paymentGatewayErrors,
  ...reconciliationErrors,
  ...voucherErrors,
  ...voucherCampaignErrors,
  ...rewardErrors,
  ...approvalErrors,
} as const;

export type ErrorCode = keyof typeof errorCatalog;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCatalog, value);
