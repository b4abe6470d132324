import { VoucherCampaignPage } from '../features/voucher-usage/pages/voucher-campaign-page';

/**
 * /voucher-campaign: the usage views of the voucher-usage feature, with the tabs other features
 * add after them (the campaigns' list joins here as "Campaigns"). Features never import each
 * other, so the app composes them.
 */
export function VoucherCampaignPageWithTabs() {
  return <VoucherCampaignPage extraTabs={[]} />;
}
