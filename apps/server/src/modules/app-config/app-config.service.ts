import type { AppConfig, Locale } from '@kopi/contract';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { BannerService } from '../banners/banners.service';
import type { ContentTextService } from '../content-texts/content-texts.service';
import type { OutletService } from '../outlets/outlets.service';

// The customer app's launch config: the feature switches in force, the texts and the banners
// showing now, in the customer's language. Each part comes from its own module's service; the
// three reads run side by side.

export interface AppConfigDeps {
  features: Pick<AppFeatureService, 'effectiveFeatures'>;
  texts: Pick<ContentTextService, 'effectiveTexts'>;
  banners: Pick<BannerService, 'activeBanners'>;
  outlets: Pick<OutletService, 'isActive'>;
  now: Clock;
}

export function createAppConfigService({ features, texts, banners, outlets, now }: AppConfigDeps) {
  return {
    /** At `outletId` (an active outlet of the tenant, else 404), or business-wide without one. */
    async config(tenantId: string, outletId: string | null, language: Locale): Promise<AppConfig> {
      if (outletId && !(await outlets.isActive(tenantId, outletId))) {
        throw new AppError('not_found');
      }
      const [featureList, textList, bannerList] = await Promise.all([
        features.effectiveFeatures(tenantId, outletId),
        texts.effectiveTexts(tenantId, language),
        banners.activeBanners(tenantId, outletId, language, now()),
      ]);
      return {
        language,
        outlet_id: outletId,
        features: featureList,
        texts: textList,
        banners: bannerList,
      };
    },
  };
}

export type AppConfigService = ReturnType<typeof createAppConfigService>;
