import {
  addonInputSchema,
  addonSchema,
  idParamSchema,
  libraryListQuerySchema,
  variantGroupInputSchema,
  variantGroupSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { VariantAddonService } from './variant-addons.service';

// DESIGN §8 /api/variant-groups and /api/addons, subject variant-addon (SPEC §2 /product/variant-addon).

const deleted = z.object({ id: text(), deleted: z.literal(true) });

export async function variantAddonRoutes(
  app: FastifyInstance,
  { service }: { service: VariantAddonService },
) {
  const group = defineRoutes(app, { tags: ['variant-groups'], context: authedContextOf });

  group.list('/variant-groups', {
    config: { permission: 'read-variant-addon' },
    summary: 'Variant groups with their options and the products using each',
    querystring: libraryListQuerySchema,
    item: variantGroupSchema,
    handler: (ctx, { query }) => service.listGroups(ctx, query),
  });

  group.get('/variant-groups/:id', {
    config: { permission: 'read-variant-addon' },
    summary: 'One variant group',
    params: idParamSchema,
    data: variantGroupSchema,
    handler: (ctx, { params }) => service.getGroup(ctx, params.id),
  });

  group.create('/variant-groups', {
    config: { permission: 'create-variant-addon' },
    summary: 'Create a variant group with its options',
    body: variantGroupInputSchema,
    data: variantGroupSchema,
    handler: (ctx, { body }) => service.createGroup(ctx, body),
  });

  group.put('/variant-groups/:id', {
    config: { permission: 'update-variant-addon' },
    summary:
      'Update a group; options are replaced in the given order (send an option id to keep it)',
    params: idParamSchema,
    body: variantGroupInputSchema,
    data: variantGroupSchema,
    handler: (ctx, { params, body }) => service.updateGroup(ctx, params.id, body),
  });

  group.delete('/variant-groups/:id', {
    config: { permission: 'delete-variant-addon' },
    summary: 'Delete a group no product uses (409 variant_group_in_use otherwise)',
    params: idParamSchema,
    data: deleted,
    handler: (ctx, { params }) => service.removeGroup(ctx, params.id),
  });

  const addon = defineRoutes(app, { tags: ['addons'], context: authedContextOf });

  addon.list('/addons', {
    config: { permission: 'read-variant-addon' },
    summary: 'Add-ons and the products using each',
    querystring: libraryListQuerySchema,
    item: addonSchema,
    handler: (ctx, { query }) => service.listAddons(ctx, query),
  });

  addon.get('/addons/:id', {
    config: { permission: 'read-variant-addon' },
    summary: 'One add-on',
    params: idParamSchema,
    data: addonSchema,
    handler: (ctx, { params }) => service.getAddon(ctx, params.id),
  });

  addon.create('/addons', {
    config: { permission: 'create-variant-addon' },
    summary: 'Create an add-on',
    body: addonInputSchema,
    data: addonSchema,
    handler: (ctx, { body }) => service.createAddon(ctx, body),
  });

  addon.put('/addons/:id', {
    config: { permission: 'update-variant-addon' },
    summary: 'Update an add-on (every product using it follows)',
    params: idParamSchema,
    body: addonInputSchema,
    data: addonSchema,
    handler: (ctx, { params, body }) => service.updateAddon(ctx, params.id, body),
  });

  addon.delete('/addons/:id', {
    config: { permission: 'delete-variant-addon' },
    summary: 'Delete an add-on no product uses (409 addon_in_use otherwise)',
    params: idParamSchema,
    data: deleted,
    handler: (ctx, { params }) => service.removeAddon(ctx, params.id),
  });
}
