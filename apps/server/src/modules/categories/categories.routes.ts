import {
  categoryInputSchema,
  categoryListQuerySchema,
  categoryOrderSchema,
  categorySchema,
  idParamSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { CategoryService } from './categories.service';

// DESIGN §8 /api/categories, subject category (SPEC §2 /product/category).

export async function categoryRoutes(
  app: FastifyInstance,
  { service }: { service: CategoryService },
) {
  const route = defineRoutes(app, { tags: ['categories'], context: authedContextOf });
  await registerMultipart(app, IMAGE_MAX_BYTES);

  route.list('/categories', {
    config: { permission: 'read-category' },
    summary: 'Categories in menu order, with how many products each has',
    querystring: categoryListQuerySchema,
    item: categorySchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/categories/:id', {
    config: { permission: 'read-category' },
    summary: 'One category',
    params: idParamSchema,
    data: categorySchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/categories', {
    config: { permission: 'create-category' },
    summary: 'Create a category (it goes last in the order)',
    body: categoryInputSchema,
    data: categorySchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/categories/order', {
    config: { permission: 'update-category' },
    summary: 'Set the menu order: ids in their new order (unlisted ones follow)',
    body: categoryOrderSchema,
    data: z.array(categorySchema),
    handler: (ctx, { body }) => service.reorder(ctx, body.ids),
  });

  route.put('/categories/:id', {
    config: { permission: 'update-category' },
    summary: 'Update a category (image: keep it, or null to remove it)',
    params: idParamSchema,
    body: categoryInputSchema,
    data: categorySchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/categories/:id', {
    config: { permission: 'delete-category' },
    summary: 'Delete a category without products (409 category_has_products otherwise)',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });

  route.post('/categories/:id/image', {
    // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
    config: { permission: 'update-category', idempotency: false },
    summary: 'Upload the category image (multipart "file"; JPEG, PNG or WebP up to 2 MB)',
    consumes: ['multipart/form-data'],
    params: idParamSchema,
    data: categorySchema,
    handler: async (ctx, request) =>
      service.setImage(ctx, request.params.id, await readUploadedFile(request, IMAGE_MAX_BYTES)),
  });
}
