import { defaultLocale, localeSchema } from '@kopi/contract';
import { i18n } from '../i18n/i18n';
import { createHttpClient, type HttpClient, type HttpDeps, type QueryValue } from './http-client';
import { httpDeps } from './http';

// File transfers through the same client (token, retries, translated failures, 401 handling):
// only the transport differs. fetch cannot report upload progress, so uploads use XHR.

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100 */
  percent: number;
}

type FetchLike = HttpDeps['fetch'];

/** A fetch over XMLHttpRequest that reports upload progress (enough of fetch for the client). */
export function xhrFetch(
  onProgress: (progress: UploadProgress) => void,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): FetchLike {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(init.method ?? 'GET', String(input));
      new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable) return;
        onProgress({
          loaded: event.loaded,
          total: event.total,
          percent: Math.round((event.loaded / event.total) * 100),
        });
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}

/** POST a multipart form, reporting upload progress. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: {
    query?: Record<string, QueryValue>;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  } = {},
) {
  const client = createHttpClient({
    ...httpDeps,
    fetch: xhrFetch(options.onProgress ?? (() => undefined)),
  });
  return client.post<T>(path, form, { query: options.query, signal: options.signal });
}

/** The file name of a Content-Disposition header ("attachment; filename=…"). */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** The screen's language, for a file the server writes in words (CSV headers, statuses). */
export const screenLanguage = () => localeSchema.catch(defaultLocale).parse(i18n.language);

/**
 * GET a file with the Bearer token a plain link or picture cannot carry (null: no body); `send`
 * asks otherwise (a POST with a body).
 */
export async function fetchFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  send: (client: HttpClient) => Promise<unknown> = (client) => client.get<unknown>(path, { query }),
): Promise<{ blob: Blob; name: string } | null> {
  let file: { blob: Blob; name: string } | null = null;
  const client = createHttpClient({
    ...httpDeps,
    // Successful answers are files, not JSON: keep the body and hand the client an empty answer.
    fetch: async (input, init) => {
      const response = await httpDeps.fetch(input, init);
      if (!response.ok) return response;
      file = {
        blob: await response.blob(),
        name: filenameOf(response.headers.get('content-disposition'), fallbackName),
      };
      return new Response(null, { status: 204 });
    },
  });
  await send(client);
  return file as { blob: Blob; name: string } | null;
}

/** Save a file the page holds (fetched, or made from an answer) in the browser. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET a file and save it in the browser. */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
) {
  const saved = await fetchFile(path, query, fallbackName);
  if (saved) saveFile(saved.blob, saved.name);
}

/** A list's filters as a file in the screen's language (the server's CSV export of the list). */
export const downloadInLanguage = (path: string, filters: object, fallbackName: string) =>
  downloadFile(
    path,
    { ...(filters as Record<string, QueryValue>), lang: screenLanguage() },
    fallbackName,
  );
