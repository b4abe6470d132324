import {
  addonInputSchema,
  addonSchema,
  libraryListQuerySchema,
  variantGroupInputSchema,
  variantGroupSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { VariantAddonService } from './variant-addons.service';

// DESIGN §8 /api/variant-groups and /api/addons, subject variant-addon (SPEC §2 /product/variant-addon).

export async function variantAddonRoutes(
  app: FastifyInstance,
  { service }: { service: VariantAddonService },
) {
  // One service keeps both libraries: each library's routes call its five methods by the standard
  // names (the service's methods use no `this`).
  const library = <N extends 'Group' | 'Addon'>(noun: N) => ({
    list: service[`list${noun}s`],
    get: service[`get${noun}`],
    create: service[`create${noun}`],
    update: service[`update${noun}`],
    remove: service[`remove${noun}`],
  });

  const group = defineRoutes(app, { tags: ['variant-groups'], context: authedContextOf });
  const groups = resourceRoutes(group, '/variant-groups', library('Group'), 'variant-addon');

  groups.list(
    'Variant groups with their options and the products using each',
    libraryListQuerySchema,
    variantGroupSchema,
  );

  groups.get('One variant group', variantGroupSchema);

  groups.create(
    'Create a variant group with its options',
    variantGroupInputSchema,
    variantGroupSchema,
  );

  groups.update(
    'Update a group; options are replaced in the given order (send an option id to keep it)',
    variantGroupInputSchema,
    variantGroupSchema,
  );

  groups.remove('Delete a group no product uses (409 variant_group_in_use otherwise)');

  const addon = defineRoutes(app, { tags: ['addons'], context: authedContextOf });
  const addons = resourceRoutes(addon, '/addons', library('Addon'), 'variant-addon');

  addons.list('Add-ons and the products using each', libraryListQuerySchema, addonSchema);

  addons.get('One add-on', addonSchema);

  addons.create('Create an add-on', addonInputSchema, addonSchema);

  addons.update('Update an add-on (every product using it follows)', addonInputSchema, addonSchema);

  addons.remove('Delete an add-on no product uses (409 addon_in_use otherwise)');
}
