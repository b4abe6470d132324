import { accessDrivers } from './access';
import { appContentDrivers } from './app-content';
import { catalogueDrivers } from './catalogue';
import { counterDrivers } from './counter';
import { loyaltyAppDrivers } from './loyalty-app';
import { posRefundDrivers } from './pos-refunds';
import { rewardDrivers } from './rewards';
import type { DriverSet } from './walk';
import { voucherCampaignDrivers } from './voucher-campaigns';
import { voucherDrivers } from './vouchers';

/** Every area's drivers, each walked by its own idempotency-reuse-<area>.test.ts. */
export const walkedAreas: Record<string, DriverSet> = {
  access: accessDrivers,
  'app-content': appContentDrivers,
  catalogue: catalogueDrivers,
  counter: counterDrivers,
  'loyalty-app': loyaltyAppDrivers,
  'pos-refunds': posRefundDrivers,
  rewards: rewardDrivers,
  vouchers: voucherDrivers,
  'voucher-campaigns': voucherCampaignDrivers,
};
