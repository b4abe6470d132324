import {
  appBannerSchema,
  bannerInputSchema,
  bannerListQuerySchema,
  bannerOrderSchema,
  bannerPreviewQuerySchema,
  bannerSchema,
  idParamSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { BannerService } from './banners.service';

// DESIGN §8 /api/banners, subject banner (SPEC §2 /user-app/banner).

export async function bannerRoutes(app: FastifyInstance, { service }: { service: BannerService }) {
  const route = defineRoutes(app, { tags: ['banners'], context: authedContextOf });
  const banners = resourceRoutes(route, '/banners', service, 'banner');
  const bannerList = collectionRoutes(route, '/banners', service);
  await registerMultipart(app, IMAGE_MAX_BYTES);

  banners.list(
    'Banners in app order; filter by state now (live, scheduled, ended, inactive), outlet, title',
    bannerListQuerySchema,
    bannerSchema,
  );

  bannerList.get(
    'preview',
    'read-banner',
    'The banners the customer app shows at an outlet (none: all-outlet ones), in a language, now or at `at`',
    z.array(appBannerSchema),
    bannerPreviewQuerySchema,
  );

  banners.get('One banner', bannerSchema);

  banners.create(
    'Create a banner (it goes last in the order; upload its picture next)',
    bannerInputSchema,
    bannerSchema,
  );

  route.post('/banners/reorder', {
    config: { permission: 'update-banner' },
    summary: 'Set the app order: banner ids in their new order (unlisted ones follow)',
    body: bannerOrderSchema,
    data: z.array(bannerSchema),
    handler: (ctx, { body }) => service.reorder(ctx, body.ids),
  });

  banners.update(
    'Update a banner (its picture is changed by uploading)',
    bannerInputSchema,
    bannerSchema,
  );

  banners.remove('Delete a banner and its picture');

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
