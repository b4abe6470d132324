import type { ReconciliationResult, ReconciliationSource } from '@kopi/contract';
import { http } from '../../lib/http/http';
import {
  fetchFile,
  saveFile,
  screenLanguage,
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
  const query = queryOf(run, screenLanguage());
  const saved = await fetchFile(pathOf(run, '/export'), query, 'reconciliation.csv', (client) =>
    client.post<unknown>(pathOf(run, '/export'), bodyOf(run), { query }),
  );
  if (saved) saveFile(saved.blob, saved.name);
}
