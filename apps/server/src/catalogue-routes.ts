import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { businessSettingsRoutes } from './modules/business-settings/business-settings.routes';
import { createBusinessSettingsService } from './modules/business-settings/business-settings.service';
import { categoryRoutes } from './modules/categories/categories.routes';
import { createCategoryService } from './modules/categories/categories.service';
import { outletRoutes } from './modules/outlets/outlets.routes';
import { createOutletService } from './modules/outlets/outlets.service';
import { productRoutes } from './modules/products/products.routes';
import { createProductService } from './modules/products/products.service';
import { tenantRoutes } from './modules/tenants/tenants.routes';
import { createTenantService, type TenantServiceDeps } from './modules/tenants/tenants.service';
import { variantAddonRoutes } from './modules/variant-addons/variant-addons.routes';
import { createVariantAddonService } from './modules/variant-addons/variant-addons.service';

// The business on the API: tenants and their business settings, outlets, and the catalogue
// (categories, products, variants and add-ons).

export interface CatalogueRouteDeps {
  db: Db;
  now: Clock;
  /** Where uploaded images are kept. */
  dataDir: string;
  /** The users module, which sets up a new tenant's first admin. */
  tenantAdmins: TenantServiceDeps['tenantAdmins'];
}

export async function registerCatalogueRoutes(
  api: FastifyInstance,
  { db, now, dataDir, tenantAdmins }: CatalogueRouteDeps,
) {
  const outletService = createOutletService({ db, now });
  await api.register(outletRoutes, { service: outletService });
  await api.register(tenantRoutes, {
    service: createTenantService({
      db,
      outletsOfTenant: (tenantId) => outletService.listOfTenant(tenantId),
      tenantAdmins,
    }),
  });
  await api.register(businessSettingsRoutes, {
    service: createBusinessSettingsService({ db, dataDir }),
  });
  await api.register(categoryRoutes, { service: createCategoryService({ db, dataDir }) });
  await api.register(productRoutes, { service: createProductService({ db, dataDir, now }) });
  await api.register(variantAddonRoutes, { service: createVariantAddonService({ db }) });
}
