import type { ErrorBody, ListMeta } from '@kopi/contract';
import type { ToastType } from '../toasts';

// SPEC §7/§8 HTTP client: base /api, JSON, Bearer token, retries, status messages.
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Which token goes in the Authorization header (refresh-token and app settings use the refresh one). */
export type AuthMode = 'access' | 'refresh' | 'none';
/** How a failure is reported: the default messages, notification style (each word capitalised), or not at all. */
export type ErrorToastMode = 'default' | 'notification' | 'silent';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  auth?: AuthMode;
  errorToast?: ErrorToastMode;
  /** A 401 normally ends the session; sign-out itself opts out. */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
  keepalive?: boolean;
  /**
   * A key the caller keeps across calls (the POS keeps one per sale, so a cashier's retry after a
   * failed call is replayed, never repeated); by default each call makes its own.
   */
  idempotencyKey?: string;
  /** Overrides the SPEC §7 retry count (a caller running its own retry loop passes 0). */
  retries?: number;
}

export interface Envelope<T> {
  data: T;
  meta?: ListMeta;
}

export const API_BASE = '/api';
export const retryStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const idempotentMethods: ReadonlySet<HttpMethod> = new Set([
  'GET',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
]);

export const isIdempotentMethod = (method: HttpMethod) => idempotentMethods.has(method);
/** SPEC §7: idempotent calls are not retried; the others are retried once. */
export const maxRetries = (method: HttpMethod) => (isIdempotentMethod(method) ? 0 : 1);

export class HttpError extends Error {
  readonly status: number;
  readonly codeMessage: string | undefined;
  readonly body: Partial<ErrorBody> | undefined;
  constructor(status: number, message: string, body?: Partial<ErrorBody>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.codeMessage = body?.code_message;
  }
}

export interface HttpDeps {
  fetch: typeof fetch;
  getToken: (kind: 'access' | 'refresh') => string | null;
  /** SPEC §4: a 401 clears the access token and goes to the sign-in page. */
  onUnauthorized: () => void;
  notify: (type: ToastType, message: string) => void;
  /** Status and fallback messages (keys of the http section). */
  message: (key: HttpMessageKey, params?: Record<string, string | number>) => string;
  /** Translates a known `code_message`; undefined for unknown codes (may load the catalogue). */
  translateCode: (code: string) => string | undefined | Promise<string | undefined>;
  sleep: (ms: number) => Promise<void>;
  uuid: () => string;
}

export type HttpMessageKey =
  | 'status400'
  | 'status403'
  | 'status404'
  | 'status500'
  | 'unexpectedStatus'
  | 'sessionLocked'
  | 'network';

export const capitalizeWords = (text: string) =>
  text.replace(
    /(^|\s)(\p{L})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );

/** SPEC §8 status mapping, with the server's translated `code_message` where it has one. */
export async function failureMessage(
  deps: Pick<HttpDeps, 'message' | 'translateCode'>,
  status: number,
  code: string | undefined,
  mode: ErrorToastMode,
  serverMessage?: string,
): Promise<string> {
  if (status === 500) return deps.message('status500');
  // Unknown codes fall back to the server's own sentence ("other failures show the message").
  const text = (code ? await deps.translateCode(code) : undefined) ?? serverMessage;
  if (text) return mode === 'notification' ? capitalizeWords(text) : text;
  if (status === 400) return deps.message('status400');
  if (status === 403) return deps.message('status403');
  if (status === 404) return deps.message('status404');
  return deps.message('unexpectedStatus', { code: status });
}

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const url = path.startsWith('/api/') || path === '/api' ? path : `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function retryDelay(response: Response, attempt: number) {
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, 3000);
  return 300 * (attempt + 1);
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function createHttpClient(deps: HttpDeps) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? 'access';
    const mode = options.errorToast ?? 'default';
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    // One key per call, reused by its retry, so the server can replay instead of repeating.
    const idempotencyKey = isIdempotentMethod(method)
      ? undefined
      : (options.idempotencyKey ?? deps.uuid());
    const retries = options.retries ?? maxRetries(method);
    const url = buildUrl(path, options.query);

    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
      if (auth !== 'none') {
        const token = deps.getToken(auth);
        if (token) headers.Authorization = `Bearer ${token}`;
      }
      if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

      let response: Response;
      try {
        response = await deps.fetch(url, {
          method,
          headers,
          body:
            options.body === undefined
              ? undefined
              : isForm
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          signal: options.signal,
          keepalive: options.keepalive,
        });
      } catch (error) {
        if (isAbort(error)) throw error;
        const message = deps.message('network');
        if (mode !== 'silent') deps.notify('error', message);
        throw new HttpError(0, message);
      }

      if (response.ok) {
        const body = (await readJson(response)) as Partial<Envelope<T>> | undefined;
        return { data: body?.data as T, meta: body?.meta };
      }

      if (retryStatuses.has(response.status) && attempt < retries) {
        await deps.sleep(retryDelay(response, attempt));
        continue;
      }

      const body = (await readJson(response)) as Partial<ErrorBody> | undefined;
      const errorBody = body && typeof body === 'object' ? body : undefined;
      if (response.status === 401 && options.handleUnauthorized !== false) {
        const message = deps.message('sessionLocked');
        deps.notify('warning', message);
        deps.onUnauthorized();
        throw new HttpError(401, message, errorBody);
      }
      const message = await failureMessage(
        deps,
        response.status,
        errorBody?.code_message,
        mode,
        typeof errorBody?.message === 'string' ? errorBody.message : undefined,
      );
      if (mode !== 'silent') deps.notify('error', message);
      throw new HttpError(response.status, message, errorBody);
    }
  }

  const data = async <T>(path: string, options?: RequestOptions) =>
    (await request<T>(path, options)).data;

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
