import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { createAppConfigService } from './modules/app-config/app-config.service';
import { appFeatureRoutes } from './modules/app-features/app-features.routes';
import type { AppFeatureService } from './modules/app-features/app-features.service';
import { bannerRoutes } from './modules/banners/banners.routes';
import { createBannerService } from './modules/banners/banners.service';
import { createContentTextDefaultService } from './modules/content-texts/content-text-defaults.service';
import { contentTextRoutes } from './modules/content-texts/content-texts.routes';
import { createContentTextService } from './modules/content-texts/content-texts.service';
import type { CustomerService } from './modules/customers/customers.service';
import { mobileAppConfigRoutes } from './modules/mobile/mobile-app-config.routes';
import { createOutletService } from './modules/outlets/outlets.service';

// The customer app's content (decisions 041–043): feature switches, texts and banners as the
// platform and each business set them, and the app's launch config that gathers them.

export interface AppContentRouteDeps {
  db: Db;
  now: Clock;
  /** Where uploaded banner pictures are kept. */
  dataDir: string;
  appFeatures: AppFeatureService;
  /** Finds the business an app call names by X-Tenant. */
  customers: Pick<CustomerService, 'tenantBySlug'>;
  customerRateLimit: number;
}

export async function registerAppContentRoutes(api: FastifyInstance, deps: AppContentRouteDeps) {
  const { db, now, dataDir, appFeatures } = deps;
  await api.register(appFeatureRoutes, { service: appFeatures });
  const texts = createContentTextService({ db });
  await api.register(contentTextRoutes, {
    texts,
    defaults: createContentTextDefaultService({ db }),
  });
  const banners = createBannerService({ db, dataDir, now });
  await api.register(bannerRoutes, { service: banners });
  await api.register(mobileAppConfigRoutes, {
    appConfig: createAppConfigService({
      features: appFeatures,
      texts,
      banners,
      outlets: createOutletService({ db, now }),
      now,
    }),
    customers: deps.customers,
    customerRateLimit: deps.customerRateLimit,
  });
}
