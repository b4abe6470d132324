import type { Banner, bannerInputSchema } from '@kopi/contract';
import type { z } from 'zod';

// The banner form's values: a new banner's, and a saved banner's as PUT /api/banners/{id} takes
// them back.

export type BannerFormValues = z.input<typeof bannerInputSchema>;

export const blankBanner: BannerFormValues = {
  title_en: '',
  title_my: '',
  target_type: 'none',
  target_id: null,
  target_url: null,
  starts_at: null,
  ends_at: null,
  all_outlets: true,
  outlet_ids: [],
  status: 'active',
};

export const bannerValuesOf = (b: Banner): BannerFormValues => ({
  title_en: b.title_en,
  title_my: b.title_my ?? '',
  target_type: b.target_type,
  target_id: b.target_id,
  target_url: b.target_url,
  starts_at: b.starts_at,
  ends_at: b.ends_at,
  all_outlets: b.all_outlets,
  outlet_ids: b.outlets.map((o) => o.id),
  status: b.status,
});
