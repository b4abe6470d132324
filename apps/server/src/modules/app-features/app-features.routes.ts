import {
  appFeatureCodeParamSchema,
  appFeatureInputSchema,
  appFeatureOutletParamSchema,
  appFeatureSchema,
  appFeatureSwitchInputSchema,
  tenantAppFeatureSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { AppFeatureService } from './app-features.service';

// Customer-app feature switches (decision 041):
//   /api/general-settings/features  the platform's catalogue (/ge/features), subject
//                                   general-setting (platform: the superadmin's)
//   /api/app-features               the signed-in tenant's switches (/user-app/enable-disable),
//                                   subject enable-disable (DESIGN §8)

export async function appFeatureRoutes(
  app: FastifyInstance,
  { service }: { service: AppFeatureService },
) {
  const route = defineRoutes(app, { tags: ['app features'], context: authedContextOf });

  route.get('/general-settings/features', {
    config: { permission: 'read-general-setting' },
    summary: 'The customer app’s feature catalogue: names, defaults, locks, per-outlet or not',
    data: z.array(appFeatureSchema),
    handler: () => service.catalogue(),
  });

  route.put('/general-settings/features/:code', {
    config: { permission: 'update-general-setting' },
    summary:
      'Edit a feature of the catalogue: names, descriptions, the default every tenant starts from, and the lock (a locked feature is the default for every tenant)',
    params: appFeatureCodeParamSchema,
    body: appFeatureInputSchema,
    data: appFeatureSchema,
    handler: (ctx, { params, body }) => service.updateCatalogue(ctx, params.code, body),
  });

  route.get('/app-features', {
    config: { permission: 'read-enable-disable' },
    summary:
      'The tenant’s app features: the value for the business and per outlet, each with where it comes from (platform default, tenant, outlet)',
    data: z.array(tenantAppFeatureSchema),
    handler: (ctx) => service.list(ctx),
  });

  route.put('/app-features/:code', {
    config: { permission: 'update-enable-disable' },
    summary:
      'Switch a feature on or off for the whole business (enabled null: back to the platform default); 409 app_feature_locked when the platform fixed it',
    params: appFeatureCodeParamSchema,
    body: appFeatureSwitchInputSchema,
    data: tenantAppFeatureSchema,
    handler: (ctx, { params, body }) => service.setTenantSwitch(ctx, params.code, body.enabled),
  });

  route.put('/app-features/:code/outlets/:outletId', {
    config: { permission: 'update-enable-disable' },
    summary:
      'Switch a per-outlet feature on or off at one outlet (enabled null: back to the business’s value); 400 app_feature_not_per_outlet otherwise',
    params: appFeatureOutletParamSchema,
    body: appFeatureSwitchInputSchema,
    data: tenantAppFeatureSchema,
    handler: (ctx, { params, body }) =>
      service.setOutletSwitch(ctx, params.code, params.outletId, body.enabled),
  });
}
