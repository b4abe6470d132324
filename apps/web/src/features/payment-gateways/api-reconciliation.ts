import {
  defaultLocale,
  localeSchema,
  type ReconciliationResult,
  type ReconciliationSource,
} from '@kopi/contract';
import { http, httpDeps } from '../../lib/http/http';
import { createHttpClient } from '../../lib/http/http-client';
import { i18n } from '../../lib/i18n/i18n';
import {
  filenameOf,
  saveFile,
  uploadWithProgress,
  type UploadProgress,
} from '../../lib/http/transfer';

// A gateway's reconciliation (POST /api/payment-gateways/{id}/reconciliation, read-payment-gateway):
// a run asks the gateway about each payment of the range, or reads the settlement file sent with
// it. Nothing is kept on the server, so the CSV export sends the same run again (the file too).

export interface ReconciliationRun {
  gatewayId: string;
  from: string;
  to: string;
  source: ReconciliationSource;
  file: File | null;
}

const pathOf = (run: ReconciliationRun, suffix = '') =>
  `/payment-gateways/${run.gatewayId}/reconciliation${suffix}`;
const queryOf = (run: ReconciliationRun, lang?: string) => ({
  from: run.from,
  to: run.to,
  source: run.source,
  ...(lang ? { lang } : {}),
});

function bodyOf(run: ReconciliationRun): FormData | Record<string, never> {
  if (run.source === 'query' || !run.file) return {};
  const form = new FormData();
  form.append('file', run.file);
  return form;
}

/** Runs the comparison; an upload reports its progress. */
export async function runReconciliation(
  run: ReconciliationRun,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ReconciliationResult> {
  const body = bodyOf(run);
  return body instanceof FormData
    ? uploadWithProgress<ReconciliationResult>(pathOf(run), body, {
        query: queryOf(run),
        onProgress,
      })
    : http.post<ReconciliationResult>(pathOf(run), body, { query: queryOf(run) });
}

/** The same run as a CSV file in the screen's language, saved in the browser. */
export async function exportReconciliation(run: ReconciliationRun) {
  const lang = localeSchema.catch(defaultLocale).parse(i18n.language);
  let file: { blob: Blob; name: string } | null = null;
  const client = createHttpClient({
    ...httpDeps,
    // A successful answer is the file, not JSON: keep it and hand the client an empty answer.
    fetch: async (input, init) => {
      const response = await httpDeps.fetch(input, init);
      if (!response.ok) return response;
      file = {
        blob: await response.blob(),
        name: filenameOf(response.headers.get('content-disposition'), 'reconciliation.csv'),
      };
      return new Response(null, { status: 204 });
    },
  });
  await client.post<unknown>(pathOf(run, '/export'), bodyOf(run), { query: queryOf(run, lang) });
  const saved = file as { blob: Blob; name: string } | null;
  if (saved) saveFile(saved.blob, saved.name);
}
