import {
  idParamSchema,
  importResultSchema,
  productBulkStatusSchema,
  productExportQuerySchema,
  productImageSchema,
  productImportQuerySchema,
  productInputSchema,
  productListItemSchema,
  productListQuerySchema,
  productOutletInputSchema,
  productOutletSchema,
  productSchema,
  productSoldOutSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { ProductService } from './products.service';

// DESIGN §8 /api/products. Subjects per SPEC §2: the list and reading are list-product, the edit
// form (/product/edit needs update add-product) is add-product.

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const imageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
const outletParams = z.object({ id: z.uuid(), outletId: z.uuid() });

export async function productRoutes(
  app: FastifyInstance,
  { service }: { service: ProductService },
) {
  const route = defineRoutes(app, { tags: ['products'], context: authedContextOf });
  const product = itemRoutes(route, '/products', service);
  const productList = collectionRoutes(route, '/products', service);
  const products = resourceRoutes(route, '/products', service, {
    read: 'read-list-product',
    create: 'create-list-product',
    update: 'update-add-product',
    delete: 'delete-list-product',
  });
  // The import is the largest upload here; each route reads with its own limit.
  await registerMultipart(app, IMPORT_MAX_BYTES);

  products.list(
    'Products: q searches name, SKU and barcode; filters category, status (default: all but archived), outlet, tag; sort name|price|updated|sku, "-" for descending',
    productListQuerySchema,
    productListItemSchema,
  );

  productList.export(
    'read-list-product',
    'Download the (filtered) list as CSV or XLSX, the columns of the import; prices in ringgit (12.50)',
    productExportQuerySchema,
    'exportFile',
  );

  route.post('/products/import', {
    config: { permission: 'create-list-product', idempotency: false },
    summary:
      'Import a CSV or XLSX (multipart "file", ≤ 5 MB, ≤ 20,000 rows). preview checks every row; commit writes all rows or none (upsert by SKU)',
    consumes: ['multipart/form-data'],
    querystring: productImportQuerySchema,
    data: importResultSchema,
    handler: async (ctx, request) =>
      service.importFile(
        ctx,
        await readUploadedFile(request, IMPORT_MAX_BYTES),
        request.query.mode,
      ),
  });

  route.post('/products/bulk-status', {
    config: { permission: 'update-add-product' },
    summary: 'Enable or disable many products at once',
    body: productBulkStatusSchema,
    data: z.object({ updated: z.number().int(), ids: z.array(text()) }),
    handler: (ctx, { body }) => service.bulkStatus(ctx, body.ids, body.status),
  });

  products.get('One product with images, variant groups, add-ons and outlets', productSchema);

  products.create(
    'Create a product (SKU and barcode unique in the tenant)',
    productInputSchema,
    productSchema,
  );

  products.update(
    'Update a product; variant groups and add-ons are replaced by the given ids',
    productInputSchema,
    productSchema,
  );

  products.remove('Delete a product never sold (409 product_has_sales otherwise: archive it)');

  product.post(
    'archive',
    'delete-list-product',
    'Archive a product: hidden from the menu and the list, kept for old orders',
    productSchema,
  );

  route.post('/products/:id/images', {
    config: { permission: 'update-add-product', idempotency: false },
    summary:
      'Add an image (multipart "file"; JPEG, PNG or WebP ≤ 2 MB, checked by content; stored as 800 px and 200 px WebP). The first is the main one',
    consumes: ['multipart/form-data'],
    params: idParamSchema,
    data: z.array(productImageSchema),
    handler: async (ctx, request) =>
      service.addImage(ctx, request.params.id, await readUploadedFile(request, IMAGE_MAX_BYTES)),
  });

  route.delete('/products/:id/images/:imageId', {
    config: { permission: 'update-add-product' },
    summary: 'Remove an image (the next one becomes main when the main one goes)',
    params: imageParams,
    data: z.array(productImageSchema),
    handler: (ctx, { params }) => service.removeImage(ctx, params.id, params.imageId),
  });

  route.put('/products/:id/images/:imageId/main', {
    config: { permission: 'update-add-product' },
    summary: 'Make an image the main one',
    params: imageParams,
    data: z.array(productImageSchema),
    handler: (ctx, { params }) => service.setMainImage(ctx, params.id, params.imageId),
  });

  product.get(
    'outlets',
    'read-list-product',
    'Availability, price override and sold-out state at every outlet',
    z.array(productOutletSchema),
  );

  route.put('/products/:id/outlets/:outletId', {
    config: { permission: 'update-add-product' },
    summary: 'Set availability and price override (null: the product price) at one outlet',
    params: outletParams,
    body: productOutletInputSchema,
    data: productOutletSchema,
    handler: (ctx, { params, body }) => service.setOutlet(ctx, params.id, params.outletId, body),
  });

  route.put('/products/:id/outlets/:outletId/sold-out', {
    config: { permission: 'toggle-sold-out' },
    summary:
      "Sold out for the outlet's current business day (resets by itself at the next one). Staff bound to an outlet only reach their own",
    params: outletParams,
    body: productSoldOutSchema,
    data: productOutletSchema,
    handler: (ctx, { params, body }) =>
      service.setSoldOut(ctx, params.id, params.outletId, body.sold_out),
  });
}
