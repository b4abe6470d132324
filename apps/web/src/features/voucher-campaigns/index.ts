// The campaigns panel is this feature's one way in: the voucher campaign page shows it as a tab,
// titled with the panel's own name.
export { CampaignsPanel } from './components/campaigns-panel';
export { useCampaignStrings } from './i18n';
