import { z } from 'zod';
import { listQuerySchema } from './common';
import { malayNameInput } from './catalogue';
import { messageKey, requiredString, text } from './validation';

// The customer app's home-screen banners (/api/banners, subject banner): a title in English and
// Malay, a picture cropped to the app's banner shape, where a tap leads, when it shows and at which
// outlets. The app gets the ones showing now through the service's `activeBanners`.

/** The app's banner shape: twice as wide as tall. Uploads are cover-cropped to it. */
export const BANNER_ASPECT_RATIO = 2;
/** Widths each banner picture is stored at (both WebP and JPEG); the app picks by screen. */
export const bannerImageWidths = [1200, 800, 400] as const;

export const bannerStatuses = ['active', 'inactive'] as const;
export const bannerStatusSchema = z.enum(bannerStatuses);
export type BannerStatus = z.infer<typeof bannerStatusSchema>;

/**
 * Where a banner stands at a moment: `live` (the app shows it), `scheduled` (starts later),
 * `ended`, or `inactive` (switched off, whatever its schedule). One state per banner.
 */
export const bannerStates = ['live', 'scheduled', 'ended', 'inactive'] as const;
export const bannerStateSchema = z.enum(bannerStates);
export type BannerState = z.infer<typeof bannerStateSchema>;

/** What a tap on the banner opens. */
export const bannerTargetTypes = [
  'none',
  'product',
  'category',
  'outlet',
  'voucher',
  'url',
] as const;
export const bannerTargetTypeSchema = z.enum(bannerTargetTypes);
export type BannerTargetType = z.infer<typeof bannerTargetTypeSchema>;

/** Target types that name one of the tenant's records by id. */
export const bannerRecordTargets: readonly BannerTargetType[] = [
  'product',
  'category',
  'outlet',
  'voucher',
];

const instant = z.iso.datetime({ offset: true, error: messageKey('date_invalid') });

const HTTPS_URL =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An https:// address with a host name: the app opens nothing over plain http or other schemes. */
export const isHttpsUrl = (value: string): boolean => HTTPS_URL.test(value);

export const bannerInputSchema = z
  .object({
    title_en: requiredString(80),
    /** Empty or missing: the English title shows in Malay too. */
    title_my: malayNameInput(80),
    target_type: bannerTargetTypeSchema.default('none'),
    /** The product, category, outlet or voucher a tap opens (for those target types). */
    target_id: z
      .uuid({ error: messageKey('required') })
      .nullable()
      .optional(),
    /** The web page a tap opens (target type url). */
    target_url: text()
      .trim()
      .max(500, { error: messageKey('max_length', { max: 500 }) })
      .nullable()
      .optional(),
    /** From when it shows; null: straight away. */
    starts_at: instant.nullable().optional(),
    /** Until when it shows; null: until switched off. */
    ends_at: instant.nullable().optional(),
    /** Shown at every outlet (now and future ones), or only at `outlet_ids`. */
    all_outlets: z.boolean().default(true),
    outlet_ids: z.array(z.uuid()).max(200).default([]),
    status: bannerStatusSchema.default('active'),
  })
  .superRefine((b, ctx) => {
    if (bannerRecordTargets.includes(b.target_type) && !b.target_id) {
      ctx.addIssue({ code: 'custom', path: ['target_id'], message: messageKey('required') });
    }
    if (b.target_type === 'url') {
      if (!b.target_url) {
        ctx.addIssue({ code: 'custom', path: ['target_url'], message: messageKey('required') });
      } else if (!isHttpsUrl(b.target_url)) {
        ctx.addIssue({ code: 'custom', path: ['target_url'], message: messageKey('https_url') });
      }
    }
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: messageKey('ends_after_start') });
    }
    if (!b.all_outlets && b.outlet_ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['outlet_ids'],
        message: messageKey('min_items', { minCount: 1 }),
      });
    }
    if (new Set(b.outlet_ids).size !== b.outlet_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['outlet_ids'], message: messageKey('not_unique') });
    }
  });
export type BannerInput = z.infer<typeof bannerInputSchema>;

/** One stored size of a banner picture, in both formats (JPEG for apps without WebP). */
export const bannerImageSizeSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  webp: text(),
  jpeg: text(),
});
export type BannerImageSize = z.infer<typeof bannerImageSizeSchema>;
/** The stored sizes, widest first. */
export const bannerImageSchema = z.object({ sizes: z.array(bannerImageSizeSchema) });
export type BannerImage = z.infer<typeof bannerImageSchema>;

export const bannerSchema = z.object({
  id: text(),
  title_en: text(),
  title_my: text().nullable(),
  image: bannerImageSchema.nullable(),
  target_type: bannerTargetTypeSchema,
  target_id: text().nullable(),
  target_url: text().nullable(),
  /** The target's name (product, category or outlet); null when it no longer exists. */
  target_label: text().nullable(),
  /** Its Malay name, for Malay screens; null when it has none (an outlet, a product without one). */
  target_label_my: text().nullable(),
  starts_at: text().nullable(),
  ends_at: text().nullable(),
  all_outlets: z.boolean(),
  outlets: z.array(z.object({ id: text(), code: text(), name: text() })),
  sort_order: z.number().int(),
  status: bannerStatusSchema,
  /** Where it stands now (server time). */
  state: bannerStateSchema,
  updated_at: text(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerListQuerySchema = listQuerySchema.extend({
  state: bannerStateSchema.optional(),
  /** Banners shown at this outlet (all-outlet ones included). */
  outlet_id: z.uuid().optional(),
});
export type BannerListQuery = z.infer<typeof bannerListQuerySchema>;

/** POST /api/banners/reorder: banner ids in their new order; unlisted ones follow in theirs. */
export const bannerOrderSchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1, { error: messageKey('min_items', { minCount: 1 }) })
    .max(500),
});

export const appLanguageSchema = z.enum(['en', 'my']);
export type AppLanguage = z.infer<typeof appLanguageSchema>;

/** GET /api/banners/preview: what the app shows at an outlet (none: before one is chosen). */
export const bannerPreviewQuerySchema = z.object({
  outlet_id: z.uuid().optional(),
  lang: appLanguageSchema.default('en'),
  /** The moment to preview (default now), e.g. the start of a scheduled banner. */
  at: z.iso.datetime({ offset: true }).optional(),
});

/** A banner as the customer app gets it: one title, in the customer's language. */
export const appBannerSchema = z.object({
  id: text(),
  title: text(),
  image: bannerImageSchema,
  target: z.object({
    type: bannerTargetTypeSchema,
    id: text().nullable(),
    url: text().nullable(),
  }),
});
export type AppBanner = z.infer<typeof appBannerSchema>;
