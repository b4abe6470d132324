import { appConfigQuerySchema, appConfigSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { AppConfigService } from '../app-config/app-config.service';
import type { CustomerService } from '../customers/customers.service';
import { appLanguage, mobileTenantOf } from './mobile-tenant';

// GET /api/mobile/app-config: what the app reads at every launch, signed in or not (X-Tenant).
// Answered with an ETag, so a launch whose config has not changed gets 304 and no body.

export async function mobileAppConfigRoutes(
  app: FastifyInstance,
  options: {
    appConfig: AppConfigService;
    customers: Pick<CustomerService, 'tenantBySlug'>;
    customerRateLimit: number;
  },
) {
  const route = defineRoutes(app, { tags: ['mobile app'], context: contextOf });
  route.cachedGet('/mobile/app-config', {
    config: {
      public: true,
      rateLimit: { max: options.customerRateLimit * 20, timeWindow: 60_000 },
    },
    summary:
      'The app’s launch config (X-Tenant; Accept-Language): feature switches in force, texts and the banners showing now, at outlet_id or business-wide; ETag, 304 on a matching If-None-Match',
    querystring: appConfigQuerySchema,
    data: appConfigSchema,
    handler: async (_ctx, request) => {
      const tenant = await mobileTenantOf(options.customers, request);
      return options.appConfig.config(
        tenant.id,
        request.query.outlet_id ?? null,
        appLanguage(request),
      );
    },
  });
}
