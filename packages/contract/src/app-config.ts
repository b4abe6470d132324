import { z } from 'zod';
import { effectiveAppFeatureSchema } from './app-features';
import { appBannerSchema } from './banners';
import { appTextSchema } from './content-texts';
import { localeSchema } from './locale';
import { text } from './validation';

// GET /api/mobile/app-config (X-Tenant; Accept-Language): what the customer app needs at launch,
// in the customer's language: the feature switches in force, the texts, and the banners showing
// now (at an outlet, or the business-wide ones). Answered with an ETag: a launch that already has
// this config sends If-None-Match and gets 304 with no body.

export const appConfigQuerySchema = z.object({ outlet_id: z.uuid().optional() });
export type AppConfigQuery = z.infer<typeof appConfigQuerySchema>;

export const appConfigSchema = z.object({
  language: localeSchema,
  outlet_id: text().nullable(),
  features: z.array(effectiveAppFeatureSchema),
  texts: z.array(appTextSchema),
  banners: z.array(appBannerSchema),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
