import {
  categoryInputSchema,
  categoryListQuerySchema,
  categoryOrderSchema,
  categorySchema,
  idParamSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { CategoryService } from './categories.service';

// DESIGN §8 /api/categories, subject category (SPEC §2 /product/category).

export async function categoryRoutes(
  app: FastifyInstance,
  { service }: { service: CategoryService },
) {
  const route = defineRoutes(app, { tags: ['categories'], context: authedContextOf });
  const categories = resourceRoutes(route, '/categories', service, 'category');
  await registerMultipart(app, IMAGE_MAX_BYTES);

  categories.list(
    'Categories in menu order, with how many products each has',
    categoryListQuerySchema,
    categorySchema,
  );

  categories.get('One category', categorySchema);

  categories.create(
    'Create a category (it goes last in the order)',
    categoryInputSchema,
    categorySchema,
  );

  route.put('/categories/order', {
    config: { permission: 'update-category' },
    summary: 'Set the menu order: ids in their new order (unlisted ones follow)',
    body: categoryOrderSchema,
    data: z.array(categorySchema),
    handler: (ctx, { body }) => service.reorder(ctx, body.ids),
  });

  categories.update(
    'Update a category (image: keep it, or null to remove it)',
    categoryInputSchema,
    categorySchema,
  );

  categories.remove('Delete a category without products (409 category_has_products otherwise)');

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
