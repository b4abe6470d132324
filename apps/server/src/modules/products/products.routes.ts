import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  idParamSchema,
  importResultSchema,
  listEnvelope,
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
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { readUploadedFile } from '../../lib/upload-file';
import type { ProductService } from './products.service';

// DESIGN §8 /api/products. Subjects per SPEC §2: the list and reading are list-product, the edit
// form (/product/edit needs update add-product) is add-product.

const tags = ['products'];
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const imageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
const outletParams = z.object({ id: z.uuid(), outletId: z.uuid() });

export async function productRoutes(
  app: FastifyInstance,
  { service }: { service: ProductService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);

  r.get(
    '/products',
    {
      config: { permission: 'read-list-product' },
      schema: {
        tags,
        summary:
          'Products: q searches name, SKU and barcode; filters category, status (default: all but archived), outlet, tag; sort name|price|updated|sku, "-" for descending',
        querystring: productListQuerySchema,
        response: { 200: listEnvelope(productListItemSchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/products/export',
    {
      config: { permission: 'read-list-product' },
      schema: {
        tags,
        summary:
          'Download the (filtered) list as CSV or XLSX, the columns of the import; prices in ringgit (12.50)',
        querystring: productExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(authedContextOf(request), request.query);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  );

  r.post(
    '/products/import',
    {
      config: { permission: 'create-list-product', idempotency: false },
      schema: {
        tags,
        summary:
          'Import a CSV or XLSX (multipart "file", ≤ 5 MB, ≤ 20,000 rows). preview checks every row; commit writes all rows or none (upsert by SKU)',
        consumes: ['multipart/form-data'],
        querystring: productImportQuerySchema,
        response: { 200: dataEnvelope(importResultSchema) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, IMPORT_MAX_BYTES);
      return {
        data: await service.importFile(authedContextOf(request), file, request.query.mode),
      };
    },
  );

  r.post(
    '/products/bulk-status',
    {
      config: { permission: 'update-add-product' },
      schema: {
        tags,
        summary: 'Enable or disable many products at once',
        body: productBulkStatusSchema,
        response: {
          200: dataEnvelope(z.object({ updated: z.number().int(), ids: z.array(z.string()) })),
        },
      },
    },
    async (request) => ({
      data: await service.bulkStatus(
        authedContextOf(request),
        request.body.ids,
        request.body.status,
      ),
    }),
  );

  r.get(
    '/products/:id',
    {
      config: { permission: 'read-list-product' },
      schema: {
        tags,
        summary: 'One product with images, variant groups, add-ons and outlets',
        params: idParamSchema,
        response: { 200: dataEnvelope(productSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/products',
    {
      config: { permission: 'create-list-product' },
      schema: {
        tags,
        summary: 'Create a product (SKU and barcode unique in the tenant)',
        body: productInputSchema,
        response: { 201: dataEnvelope(productSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/products/:id',
    {
      config: { permission: 'update-add-product' },
      schema: {
        tags,
        summary: 'Update a product; variant groups and add-ons are replaced by the given ids',
        params: idParamSchema,
        body: productInputSchema,
        response: { 200: dataEnvelope(productSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/products/:id',
    {
      config: { permission: 'delete-list-product' },
      schema: {
        tags,
        summary: 'Delete a product never sold (409 product_has_sales otherwise: archive it)',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/products/:id/archive',
    {
      config: { permission: 'delete-list-product' },
      schema: {
        tags,
        summary: 'Archive a product: hidden from the menu and the list, kept for old orders',
        params: idParamSchema,
        response: { 200: dataEnvelope(productSchema) },
      },
    },
    async (request) => ({
      data: await service.archive(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/products/:id/images',
    {
      config: { permission: 'update-add-product', idempotency: false },
      schema: {
        tags,
        summary:
          'Add an image (multipart "file"; JPEG, PNG or WebP ≤ 2 MB, checked by content; stored as 800 px and 200 px WebP). The first is the main one',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(productImageSchema)) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, IMAGE_MAX_BYTES);
      return { data: await service.addImage(authedContextOf(request), request.params.id, file) };
    },
  );

  r.delete(
    '/products/:id/images/:imageId',
    {
      config: { permission: 'update-add-product' },
      schema: {
        tags,
        summary: 'Remove an image (the next one becomes main when the main one goes)',
        params: imageParams,
        response: { 200: dataEnvelope(z.array(productImageSchema)) },
      },
    },
    async (request) => ({
      data: await service.removeImage(
        authedContextOf(request),
        request.params.id,
        request.params.imageId,
      ),
    }),
  );

  r.put(
    '/products/:id/images/:imageId/main',
    {
      config: { permission: 'update-add-product' },
      schema: {
        tags,
        summary: 'Make an image the main one',
        params: imageParams,
        response: { 200: dataEnvelope(z.array(productImageSchema)) },
      },
    },
    async (request) => ({
      data: await service.setMainImage(
        authedContextOf(request),
        request.params.id,
        request.params.imageId,
      ),
    }),
  );

  r.get(
    '/products/:id/outlets',
    {
      config: { permission: 'read-list-product' },
      schema: {
        tags,
        summary: 'Availability, price override and sold-out state at every outlet',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(productOutletSchema)) },
      },
    },
    async (request) => ({
      data: await service.outlets(authedContextOf(request), request.params.id),
    }),
  );

  r.put(
    '/products/:id/outlets/:outletId',
    {
      config: { permission: 'update-add-product' },
      schema: {
        tags,
        summary: 'Set availability and price override (null: the product price) at one outlet',
        params: outletParams,
        body: productOutletInputSchema,
        response: { 200: dataEnvelope(productOutletSchema) },
      },
    },
    async (request) => ({
      data: await service.setOutlet(
        authedContextOf(request),
        request.params.id,
        request.params.outletId,
        request.body,
      ),
    }),
  );

  r.put(
    '/products/:id/outlets/:outletId/sold-out',
    {
      config: { permission: 'toggle-sold-out' },
      schema: {
        tags,
        summary:
          "Sold out for the outlet's current business day (resets by itself at the next one). Staff bound to an outlet only reach their own",
        params: outletParams,
        body: productSoldOutSchema,
        response: { 200: dataEnvelope(productOutletSchema) },
      },
    },
    async (request) => ({
      data: await service.setSoldOut(
        authedContextOf(request),
        request.params.id,
        request.params.outletId,
        request.body.sold_out,
      ),
    }),
  );
}
