import {
  addonInputSchema,
  addonSchema,
  dataEnvelope,
  idParamSchema,
  libraryListQuerySchema,
  listEnvelope,
  variantGroupInputSchema,
  variantGroupSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { VariantAddonService } from './variant-addons.service';

// DESIGN §8 /api/variant-groups and /api/addons, subject variant-addon (SPEC §2 /product/variant-addon).

const deleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export async function variantAddonRoutes(
  app: FastifyInstance,
  { service }: { service: VariantAddonService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['variant-groups'];

  r.get(
    '/variant-groups',
    {
      config: { permission: 'read-variant-addon' },
      schema: {
        tags,
        summary: 'Variant groups with their options and the products using each',
        querystring: libraryListQuerySchema,
        response: { 200: listEnvelope(variantGroupSchema) },
      },
    },
    async (request) => service.listGroups(authedContextOf(request), request.query),
  );

  r.get(
    '/variant-groups/:id',
    {
      config: { permission: 'read-variant-addon' },
      schema: {
        tags,
        summary: 'One variant group',
        params: idParamSchema,
        response: { 200: dataEnvelope(variantGroupSchema) },
      },
    },
    async (request) => ({
      data: await service.getGroup(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/variant-groups',
    {
      config: { permission: 'create-variant-addon' },
      schema: {
        tags,
        summary: 'Create a variant group with its options',
        body: variantGroupInputSchema,
        response: { 201: dataEnvelope(variantGroupSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createGroup(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/variant-groups/:id',
    {
      config: { permission: 'update-variant-addon' },
      schema: {
        tags,
        summary:
          'Update a group; options are replaced in the given order (send an option id to keep it)',
        params: idParamSchema,
        body: variantGroupInputSchema,
        response: { 200: dataEnvelope(variantGroupSchema) },
      },
    },
    async (request) => ({
      data: await service.updateGroup(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/variant-groups/:id',
    {
      config: { permission: 'delete-variant-addon' },
      schema: {
        tags,
        summary: 'Delete a group no product uses (409 variant_group_in_use otherwise)',
        params: idParamSchema,
        response: { 200: deleted },
      },
    },
    async (request) => ({
      data: await service.removeGroup(authedContextOf(request), request.params.id),
    }),
  );

  const addonTags = ['addons'];

  r.get(
    '/addons',
    {
      config: { permission: 'read-variant-addon' },
      schema: {
        tags: addonTags,
        summary: 'Add-ons and the products using each',
        querystring: libraryListQuerySchema,
        response: { 200: listEnvelope(addonSchema) },
      },
    },
    async (request) => service.listAddons(authedContextOf(request), request.query),
  );

  r.get(
    '/addons/:id',
    {
      config: { permission: 'read-variant-addon' },
      schema: {
        tags: addonTags,
        summary: 'One add-on',
        params: idParamSchema,
        response: { 200: dataEnvelope(addonSchema) },
      },
    },
    async (request) => ({
      data: await service.getAddon(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/addons',
    {
      config: { permission: 'create-variant-addon' },
      schema: {
        tags: addonTags,
        summary: 'Create an add-on',
        body: addonInputSchema,
        response: { 201: dataEnvelope(addonSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createAddon(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/addons/:id',
    {
      config: { permission: 'update-variant-addon' },
      schema: {
        tags: addonTags,
        summary: 'Update an add-on (every product using it follows)',
        params: idParamSchema,
        body: addonInputSchema,
        response: { 200: dataEnvelope(addonSchema) },
      },
    },
    async (request) => ({
      data: await service.updateAddon(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/addons/:id',
    {
      config: { permission: 'delete-variant-addon' },
      schema: {
        tags: addonTags,
        summary: 'Delete an add-on no product uses (409 addon_in_use otherwise)',
        params: idParamSchema,
        response: { 200: deleted },
      },
    },
    async (request) => ({
      data: await service.removeAddon(authedContextOf(request), request.params.id),
    }),
  );
}
