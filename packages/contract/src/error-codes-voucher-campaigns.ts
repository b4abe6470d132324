import type { ErrorEntry } from './error-entry';

// Errors of voucher campaigns: a voucher a campaign cannot issue, and each staff move the
// campaign's status refuses (campaignMove in voucher-campaigns.ts names the code).
export const voucherCampaignErrors = {
  voucher_campaign_voucher_shared: {
    status: 409,
    en: 'A campaign issues a voucher of unique codes: this voucher has one shared code',
    my: 'Kempen mengeluarkan baucar berkod unik: baucar ini mempunyai satu kod dikongsi',
  },
  voucher_campaign_not_editable: {
    status: 409,
    en: 'A campaign can be changed only while it is a draft or scheduled',
    my: 'Kempen hanya boleh diubah semasa draf atau dijadualkan',
  },
  voucher_campaign_not_draft: {
    status: 409,
    en: 'Only a draft campaign can be scheduled or deleted',
    my: 'Hanya kempen draf boleh dijadualkan atau dipadam',
  },
  voucher_campaign_not_scheduled: {
    status: 409,
    en: 'Only a scheduled campaign can go back to draft',
    my: 'Hanya kempen yang dijadualkan boleh kembali ke draf',
  },
  voucher_campaign_not_ongoing: {
    status: 409,
    en: 'Only an ongoing campaign can be paused',
    my: 'Hanya kempen yang sedang berjalan boleh dijeda',
  },
  voucher_campaign_not_paused: {
    status: 409,
    en: 'Only a paused campaign can be resumed',
    my: 'Hanya kempen yang dijeda boleh diteruskan',
  },
  voucher_campaign_ended: {
    status: 409,
    en: 'This campaign has ended',
    my: 'Kempen ini telah tamat',
  },
} as const satisfies Record<string, ErrorEntry>;
