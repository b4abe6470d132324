import {
  idParamSchema,
  reconciliationQuerySchema,
  reconciliationResultSchema,
  SETTLEMENT_FILE_MAX_BYTES,
} from '@kopi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authedContextOf } from '../../../lib/request-context';
import { defineRoutes } from '../../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../../lib/upload-file';
import type { ReconciliationService } from './reconciliation.service';

// Reconciliation of a gateway (decision 047), subject payment-gateway. Reading is enough: a run
// writes nothing here or at the gateway (a status query is a read of the business's own account),
// and it is the people who read the gateways' settings who check them against the books.

/** The settlement file of a `file` run: multipart "file", or the CSV as a text body. */
async function settlementFileOf(request: FastifyRequest): Promise<string | null> {
  if ((request.query as { source?: string }).source !== 'file') return null;
  if (request.isMultipart()) {
    return (await readUploadedFile(request, SETTLEMENT_FILE_MAX_BYTES)).toString('utf8');
  }
  return typeof request.body === 'string' && request.body.length > 0 ? request.body : null;
}

export async function reconciliationRoutes(
  app: FastifyInstance,
  { service }: { service: ReconciliationService },
) {
  const route = defineRoutes(app, { tags: ['payment-gateways'], context: authedContextOf });
  await registerMultipart(app, SETTLEMENT_FILE_MAX_BYTES);
  // A settlement file sent as it is downloaded (text/csv), within the same size limit.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: SETTLEMENT_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route.post('/payment-gateways/:id/reconciliation', {
    // Writes nothing: a repeated run is harmless.
    config: { permission: 'read-payment-gateway', idempotency: false },
    summary:
      'Compares the gateway\'s payments of a range of business days with its own record: source=query asks it about each (at most 200), source=file reads its settlement file (multipart "file" or a text/csv body, ≤ 2 MB)',
    consumes: ['multipart/form-data', 'text/csv', 'text/plain', 'application/json'],
    params: idParamSchema,
    querystring: reconciliationQuerySchema,
    data: reconciliationResultSchema,
    handler: async (ctx, request) =>
      service.reconcile(ctx, request.params.id, request.query, await settlementFileOf(request)),
  });

  route.postDownload('/payment-gateways/:id/reconciliation/export', {
    config: { permission: 'read-payment-gateway', idempotency: false },
    summary: 'The same run as a CSV file (lang: the language of its headers)',
    consumes: ['multipart/form-data', 'text/csv', 'text/plain', 'application/json'],
    params: idParamSchema,
    querystring: reconciliationQuerySchema,
    handler: async (ctx, request) =>
      service.exportCsv(ctx, request.params.id, request.query, await settlementFileOf(request)),
  });
}
