import {
  auditEntryDetailSchema,
  auditEntrySchema,
  auditExportQuerySchema,
  auditFilterOptionsSchema,
  auditFiltersQuerySchema,
  auditListQuerySchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authedContextOf } from '../../lib/request-context';
import type { LogService } from './logs.service';

// DESIGN §8 /api/logs, subject log. Reads only: no route edits or deletes an entry (the
// authorization matrix test fails if one appears).

const tags = ['logs'];

export async function logRoutes(app: FastifyInstance, { service }: { service: LogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/logs',
    {
      config: { permission: 'read-log' },
      schema: {
        tags,
        summary: 'Audit log entries, newest first, with filters',
        querystring: auditListQuerySchema,
        response: { 200: listEnvelope(auditEntrySchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/logs/filters',
    {
      config: { permission: 'read-log' },
      schema: {
        tags,
        summary: 'Actions, entities and actors to filter by',
        querystring: auditFiltersQuerySchema,
        response: { 200: dataEnvelope(auditFilterOptionsSchema) },
      },
    },
    async (request) => ({ data: await service.filters(authedContextOf(request), request.query) }),
  );

  r.get(
    '/logs/export',
    {
      config: { permission: 'read-log' },
      schema: {
        tags,
        summary: 'The filtered log as CSV (newest first, at most 50,000 entries)',
        querystring: auditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.exportCsv(authedContextOf(request), request.query);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  );

  r.get(
    '/logs/:id',
    {
      config: { permission: 'read-log' },
      schema: {
        tags,
        summary: 'One entry with its before, after and their difference',
        params: idParamSchema,
        response: { 200: dataEnvelope(auditEntryDetailSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );
}
