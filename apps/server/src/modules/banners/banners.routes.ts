import {
  appBannerSchema,
  bannerInputSchema,
  bannerListQuerySchema,
  bannerOrderSchema,
  bannerPreviewQuerySchema,
  bannerSchema,
  idParamSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { BannerService } from './banners.service';

// DESIGN §8 /api/banners, subject banner (SPEC §2 /user-app/banner).

export async function bannerRoutes(app: FastifyInstance, { service }: { service: BannerService }) {
  const route = defineRoutes(app, { tags: ['banners'], context: authedContextOf });
  await registerMultipart(app, IMAGE_MAX_BYTES);

  route.list('/banners', {
    config: { permission: 'read-banner' },
    summary:
      'Banners in app order; filter by state now (live, scheduled, ended, inactive), outlet, title',
    querystring: bannerListQuerySchema,
    item: bannerSchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/banners/preview', {
    config: { permission: 'read-banner' },
    summary:
      'The banners the customer app shows at an outlet (none: all-outlet ones), in a language, now or at `at`',
    querystring: bannerPreviewQuerySchema,
    data: z.array(appBannerSchema),
    handler: (ctx, { query }) => service.preview(ctx, query),
  });

  route.get('/banners/:id', {
    config: { permission: 'read-banner' },
    summary: 'One banner',
    params: idParamSchema,
    data: bannerSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/banners', {
    config: { permission: 'create-banner' },
    summary: 'Create a banner (it goes last in the order; upload its picture next)',
    body: bannerInputSchema,
    data: bannerSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.post('/banners/reorder', {
    config: { permission: 'update-banner' },
    summary: 'Set the app order: banner ids in their new order (unlisted ones follow)',
    body: bannerOrderSchema,
    data: z.array(bannerSchema),
    handler: (ctx, { body }) => service.reorder(ctx, body.ids),
  });

  route.put('/banners/:id', {
    config: { permission: 'update-banner' },
    summary: 'Update a banner (its picture is changed by uploading)',
    params: idParamSchema,
    body: bannerInputSchema,
    data: bannerSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/banners/:id', {
    config: { permission: 'delete-banner' },
    summary: 'Delete a banner and its picture',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });

  route.post('/banners/:id/image', {
    // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
    config: { permission: 'update-banner', idempotency: false },
    summary:
      'Upload the banner picture (multipart "file"; JPEG, PNG or WebP up to 2 MB, checked by content; cropped to 2:1 and stored at 1200, 800 and 400 px wide as WebP and JPEG)',
    consumes: ['multipart/form-data'],
    params: idParamSchema,
    data: bannerSchema,
    handler: async (ctx, request) =>
      service.setImage(ctx, request.params.id, await readUploadedFile(request, IMAGE_MAX_BYTES)),
  });
}
