import {
  contentTextDefaultCreateSchema,
  contentTextDefaultInputSchema,
  contentTextDefaultListQuerySchema,
  contentTextDefaultSchema,
  contentTextHistoryEntrySchema,
  contentTextHistoryQuerySchema,
  contentTextKeyParamSchema,
  contentTextListQuerySchema,
  contentTextOverrideInputSchema,
  contentTextSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { anyOf } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { ContentTextDefaultService } from './content-text-defaults.service';
import type { ContentTextService } from './content-texts.service';

// The customer app's texts (decision 042). DESIGN §8 /api/content-texts, subject content-text: a
// tenant's wording over the platform's (SPEC §2 gives /user-app/content-text to "read banner", so
// reading also accepts read-banner). /api/general-settings/content-texts, subject general-setting: the
// platform's texts, kept by the superadmin on /ge/content-text.

const READ = anyOf('read-content-text', 'read-banner');

export async function contentTextRoutes(
  app: FastifyInstance,
  { texts, defaults }: { texts: ContentTextService; defaults: ContentTextDefaultService },
) {
  const route = defineRoutes(app, { tags: ['content-texts'], context: authedContextOf });

  route.list('/content-texts', {
    config: { permission: READ },
    summary:
      "The customer app's texts with the tenant's effective wording, the platform's and whether the tenant overrides it (q: key or wording; state: overridden or default)",
    querystring: contentTextListQuerySchema,
    item: contentTextSchema,
    handler: (ctx, { query }) => texts.list(ctx, query),
  });

  route.get('/content-texts/:key', {
    config: { permission: READ },
    summary: 'One text with its effective wording (404 for a key the platform does not have)',
    params: contentTextKeyParamSchema,
    data: contentTextSchema,
    handler: (ctx, { params }) => texts.get(ctx, params.key),
  });

  route.put('/content-texts/:key', {
    config: { permission: 'update-content-text' },
    summary:
      "Set the tenant's wording (null, empty or the platform's wording in a language: follow the platform); audited with the wording before and after",
    params: contentTextKeyParamSchema,
    body: contentTextOverrideInputSchema,
    data: contentTextSchema,
    handler: (ctx, { params, body }) => texts.override(ctx, params.key, body),
  });

  route.post('/content-texts/:key/reset', {
    config: { permission: 'update-content-text' },
    summary:
      "Back to the platform's wording (the tenant's own is deleted, audited); answers the text",
    params: contentTextKeyParamSchema,
    data: contentTextSchema,
    handler: (ctx, { params }) => texts.reset(ctx, params.key),
  });

  route.list('/content-texts/:key/history', {
    config: { permission: READ },
    summary:
      "Who changed the tenant's wording of a text, when, and from what to what; newest first",
    params: contentTextKeyParamSchema,
    querystring: contentTextHistoryQuerySchema,
    item: contentTextHistoryEntrySchema,
    handler: (ctx, { params, query }) => texts.history(ctx, params.key, query),
  });

  route.list('/general-settings/content-texts', {
    config: { permission: 'read-general-setting' },
    summary:
      "The platform's texts with their default wording and how many tenants override each (q, format)",
    querystring: contentTextDefaultListQuerySchema,
    item: contentTextDefaultSchema,
    handler: (ctx, { query }) => defaults.list(ctx, query),
  });

  route.get('/general-settings/content-texts/:key', {
    config: { permission: 'read-general-setting' },
    summary: "One of the platform's texts",
    params: contentTextKeyParamSchema,
    data: contentTextDefaultSchema,
    handler: (ctx, { params }) => defaults.get(ctx, params.key),
  });

  route.create('/general-settings/content-texts', {
    config: { permission: 'create-general-setting' },
    summary: 'Add a text the app can ask for by key (400 content_text_key_taken for a used key)',
    body: contentTextDefaultCreateSchema,
    data: contentTextDefaultSchema,
    handler: (ctx, { body }) => defaults.create(ctx, body),
  });

  route.put('/general-settings/content-texts/:key', {
    config: { permission: 'update-general-setting' },
    summary:
      "Change a text's default wording, description or format; tenants that have not overridden a language see it at once",
    params: contentTextKeyParamSchema,
    body: contentTextDefaultInputSchema,
    data: contentTextDefaultSchema,
    handler: (ctx, { params, body }) => defaults.update(ctx, params.key, body),
  });

  route.list('/general-settings/content-texts/:key/history', {
    config: { permission: 'read-general-setting' },
    summary: "Who changed the platform's text, when, and from what to what; newest first",
    params: contentTextKeyParamSchema,
    querystring: contentTextHistoryQuerySchema,
    item: contentTextHistoryEntrySchema,
    handler: (ctx, { params, query }) => defaults.history(ctx, params.key, query),
  });
}
