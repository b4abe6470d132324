import type { DriverSet } from './walk';

// Order and refund moves, the day close, customers, tiers, loyalty and referral settings, wallet adjustment approvals and the customer app's writes.

export const loyaltyAppDrivers: DriverSet = () => ({});
