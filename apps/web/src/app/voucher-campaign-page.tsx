import { CampaignsPanel, useCampaignStrings } from '../features/voucher-campaigns';
import { VoucherCampaignPage } from '../features/voucher-usage/pages/voucher-campaign-page';

/**
 * /voucher-campaign: the usage views of the voucher-usage feature, then the campaigns' list as
 * "Campaigns" for whoever may read it. Features never import each other, so the app composes them.
 */
export function VoucherCampaignPageWithTabs() {
  const { t } = useCampaignStrings();
  return (
    <VoucherCampaignPage
      extraTabs={[{ id: 'campaigns', label: t('list.title'), render: () => <CampaignsPanel /> }]}
    />
  );
}
