import type { AppBanner, Banner, BannerImage } from '@kopi/contract';

// Banners as the API answers them, for the banner screen's tests.

export const picture = (name: string): BannerImage => ({
  sizes: [1200, 800, 400].map((width) => ({
    width,
    height: width / 2,
    webp: `/uploads/banners/${name}-${width}.webp`,
    jpeg: `/uploads/banners/${name}-${width}.jpg`,
  })),
});

export const testBanner = (id: string, title: string, patch: Partial<Banner> = {}): Banner => ({
  id,
  title_en: title,
  title_my: null,
  image: picture(id),
  target_type: 'none',
  target_id: null,
  target_url: null,
  target_label: null,
  target_label_my: null,
  starts_at: null,
  ends_at: null,
  all_outlets: true,
  outlets: [],
  sort_order: 0,
  status: 'active',
  state: 'live',
  updated_at: '2026-06-01T00:00:00.000Z',
  ...patch,
});

export const appBanner = (
  id: string,
  title: string,
  patch: Partial<AppBanner> = {},
): AppBanner => ({
  id,
  title,
  image: picture(id),
  target: { type: 'none', id: null, url: null },
  ...patch,
});
