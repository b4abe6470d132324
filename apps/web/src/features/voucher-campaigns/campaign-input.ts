import type { VoucherCampaign, voucherCampaignInputSchema } from '@kopi/contract';
import type { z } from 'zod';

// The campaign form's values: a new campaign's, and a saved one's as PUT takes them back. The
// phone list is kept as the text typed or uploaded (`phone_text`); the form's resolver reads it
// into `audience_phones` with the contract's parsePhoneList.

export type CampaignFormValues = z.input<typeof voucherCampaignInputSchema> & {
  phone_text: string;
};

const DAY_MS = 86_400_000;

/** A new campaign: everyone, starting tomorrow (to the minute) for 30 days. */
export function blankCampaign(now = new Date()): CampaignFormValues {
  const start = new Date(now.getTime() + DAY_MS);
  start.setUTCSeconds(0, 0);
  return {
    name_en: '',
    name_my: '',
    voucher_id: '',
    audience_kind: 'all',
    audience_tier_id: null,
    audience_days: null,
    audience_phones: [],
    phone_text: '',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * DAY_MS).toISOString(),
  };
}

export const campaignValuesOf = (c: VoucherCampaign): CampaignFormValues => ({
  name_en: c.name_en,
  name_my: c.name_my ?? '',
  voucher_id: c.voucher_id,
  audience_kind: c.audience_kind,
  audience_tier_id: c.audience_tier_id,
  audience_days: c.audience_days,
  audience_phones: c.audience_phones,
  phone_text: c.audience_phones.join('\n'),
  starts_at: c.starts_at,
  ends_at: c.ends_at,
});
