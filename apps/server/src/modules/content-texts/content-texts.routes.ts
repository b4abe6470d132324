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
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourcePermissions, resourceRoutes } from '../../lib/resource-routes';
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
  // Texts go by their key, the tenant's and the platform's alike.
  const byKey = { param: contentTextKeyParamSchema };
  const tenantTexts = resourceRoutes(
    route,
    '/content-texts',
    texts,
    { ...resourcePermissions('content-text'), read: READ },
    byKey,
  );
  const tenantText = itemRoutes(route, '/content-texts', texts, byKey);
  const platformTexts = resourceRoutes(
    route,
    '/general-settings/content-texts',
    defaults,
    'general-setting',
    byKey,
  );
  const platformText = itemRoutes(route, '/general-settings/content-texts', defaults, byKey);

  tenantTexts.list(
    "The customer app's texts with the tenant's effective wording, the platform's and whether the tenant overrides it (q: key or wording; state: overridden or default)",
    contentTextListQuerySchema,
    contentTextSchema,
  );

  tenantTexts.get(
    'One text with its effective wording (404 for a key the platform does not have)',
    contentTextSchema,
  );

  route.put('/content-texts/:key', {
    config: { permission: 'update-content-text' },
    summary:
      "Set the tenant's wording (null, empty or the platform's wording in a language: follow the platform); audited with the wording before and after",
    params: contentTextKeyParamSchema,
    body: contentTextOverrideInputSchema,
    data: contentTextSchema,
    handler: (ctx, { params, body }) => texts.override(ctx, params.key, body),
  });

  tenantText.post(
    'reset',
    'update-content-text',
    "Back to the platform's wording (the tenant's own is deleted, audited); answers the text",
    contentTextSchema,
  );

  tenantText.list(
    'history',
    READ,
    "Who changed the tenant's wording of a text, when, and from what to what; newest first",
    contentTextHistoryQuerySchema,
    contentTextHistoryEntrySchema,
  );

  platformTexts.list(
    "The platform's texts with their default wording and how many tenants override each (q, format)",
    contentTextDefaultListQuerySchema,
    contentTextDefaultSchema,
  );

  platformTexts.get("One of the platform's texts", contentTextDefaultSchema);

  platformTexts.create(
    'Add a text the app can ask for by key (400 content_text_key_taken for a used key)',
    contentTextDefaultCreateSchema,
    contentTextDefaultSchema,
  );

  platformTexts.update(
    "Change a text's default wording, description or format; tenants that have not overridden a language see it at once",
    contentTextDefaultInputSchema,
    contentTextDefaultSchema,
  );

  platformText.list(
    'history',
    'read-general-setting',
    "Who changed the platform's text, when, and from what to what; newest first",
    contentTextHistoryQuerySchema,
    contentTextHistoryEntrySchema,
  );
}
