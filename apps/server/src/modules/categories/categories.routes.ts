import multipart from '@fastify/multipart';
import {
  categoryInputSchema,
  categoryListQuerySchema,
  categoryOrderSchema,
  categorySchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { readUploadedFile } from '../../lib/upload-file';
import type { CategoryService } from './categories.service';

// DESIGN §8 /api/categories, subject category (SPEC §2 /product/category).

const tags = ['categories'];

export async function categoryRoutes(
  app: FastifyInstance,
  { service }: { service: CategoryService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);

  r.get(
    '/categories',
    {
      config: { permission: 'read-category' },
      schema: {
        tags,
        summary: 'Categories in menu order, with how many products each has',
        querystring: categoryListQuerySchema,
        response: { 200: listEnvelope(categorySchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/categories/:id',
    {
      config: { permission: 'read-category' },
      schema: {
        tags,
        summary: 'One category',
        params: idParamSchema,
        response: { 200: dataEnvelope(categorySchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/categories',
    {
      config: { permission: 'create-category' },
      schema: {
        tags,
        summary: 'Create a category (it goes last in the order)',
        body: categoryInputSchema,
        response: { 201: dataEnvelope(categorySchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/categories/order',
    {
      config: { permission: 'update-category' },
      schema: {
        tags,
        summary: 'Set the menu order: ids in their new order (unlisted ones follow)',
        body: categoryOrderSchema,
        response: { 200: dataEnvelope(z.array(categorySchema)) },
      },
    },
    async (request) => ({
      data: await service.reorder(authedContextOf(request), request.body.ids),
    }),
  );

  r.put(
    '/categories/:id',
    {
      config: { permission: 'update-category' },
      schema: {
        tags,
        summary: 'Update a category (image: keep it, or null to remove it)',
        params: idParamSchema,
        body: categoryInputSchema,
        response: { 200: dataEnvelope(categorySchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/categories/:id',
    {
      config: { permission: 'delete-category' },
      schema: {
        tags,
        summary: 'Delete a category without products (409 category_has_products otherwise)',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/categories/:id/image',
    {
      // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
      config: { permission: 'update-category', idempotency: false },
      schema: {
        tags,
        summary: 'Upload the category image (multipart "file"; JPEG, PNG or WebP up to 2 MB)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: dataEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, IMAGE_MAX_BYTES);
      return { data: await service.setImage(authedContextOf(request), request.params.id, file) };
    },
  );
}
