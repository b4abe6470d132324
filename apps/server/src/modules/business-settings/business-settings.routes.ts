import { businessSettingsInputSchema, businessSettingsSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import { settingsRoutes } from '../../lib/settings-routes';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { BusinessSettingsService } from './business-settings.service';

// /api/tenant-settings, subject tenant-setting (/tenant/business-settings): the caller's
// own tenant, never one named in the request.

export async function businessSettingsRoutes(
  app: FastifyInstance,
  { service }: { service: BusinessSettingsService },
) {
  const route = defineRoutes(app, { tags: ['business-settings'], context: authedContextOf });
  await registerMultipart(app, IMAGE_MAX_BYTES);

  settingsRoutes(route, '/tenant-settings', 'tenant-setting', {
    data: businessSettingsSchema,
    body: businessSettingsInputSchema,
    read: {
      summary:
        "The caller's business settings: tax, service charge, rounding, receipt, business day",
      handler: (ctx) => service.get(ctx),
    },
    update: {
      summary: 'Change the business settings; orders already placed keep their amounts (audited)',
      handler: (ctx, body) => service.update(ctx, body),
    },
  });

  route.post('/tenant-settings/logo', {
    // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
    config: { permission: 'update-tenant-setting', idempotency: false },
    summary:
      'Upload the receipt logo (multipart "file"; JPEG, PNG or WebP up to 2 MB, checked by content; stored as a 400 px WebP)',
    consumes: ['multipart/form-data'],
    data: businessSettingsSchema,
    handler: async (ctx, request) =>
      service.setLogo(ctx, await readUploadedFile(request, IMAGE_MAX_BYTES)),
  });

  route.delete('/tenant-settings/logo', {
    config: { permission: 'update-tenant-setting' },
    summary: 'Remove the receipt logo',
    data: businessSettingsSchema,
    handler: (ctx) => service.removeLogo(ctx),
  });
}
