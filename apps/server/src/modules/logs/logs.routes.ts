import {
  auditEntryDetailSchema,
  auditEntrySchema,
  auditExportQuerySchema,
  auditFilterOptionsSchema,
  auditFiltersQuerySchema,
  auditListQuerySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { collectionRoutes } from '../../lib/collection-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { LogService } from './logs.service';

// DESIGN §8 /api/logs, subject log. Reads only: no route edits or deletes an entry (the
// authorization matrix test fails if one appears).

export async function logRoutes(app: FastifyInstance, { service }: { service: LogService }) {
  const route = defineRoutes(app, { tags: ['logs'], context: authedContextOf });
  const logs = resourceRoutes(route, '/logs', service, 'log');
  const logList = collectionRoutes(route, '/logs', service);

  logs.list(
    'Audit log entries, newest first, with filters',
    auditListQuerySchema,
    auditEntrySchema,
  );

  logList.get(
    'filters',
    'read-log',
    'Actions, entities and actors to filter by',
    auditFilterOptionsSchema,
    auditFiltersQuerySchema,
  );

  logList.export(
    'read-log',
    'The filtered log as CSV (newest first, at most 50,000 entries)',
    auditExportQuerySchema,
  );

  logs.get('One entry with its before, after and their difference', auditEntryDetailSchema);
}
