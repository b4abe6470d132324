// The campaigns panel is this feature's one way in: the voucher campaign page shows it as a tab.
export { CampaignsPanel } from './components/campaigns-panel';
