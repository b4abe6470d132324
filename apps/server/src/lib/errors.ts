import {
  errorBodySchema,
  errorCatalog,
  type ErrorBody,
  type ErrorCode,
  translateValidationMessage,
} from '@kopi/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

// Every failure leaves the server in the envelope of DESIGN §5:
// { code_message, message, details? }. Nothing else, and never a stack trace.

export interface ErrorDetail {
  path: string;
  message: string;
  /** A moment the detail names (e.g. when a shift holding the day close open was opened). */
  at?: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      details?: ErrorDetail[];
      message?: string;
      headers?: Record<string, string>;
      status?: number;
    } = {},
  ) {
    super(options.message ?? errorCatalog[code].en);
    this.name = 'AppError';
    this.status = options.status ?? errorCatalog[code].status;
  }
}

export function errorBody(code: ErrorCode, details?: ErrorDetail[], message?: string): ErrorBody {
  const body: ErrorBody = { code_message: code, message: message ?? errorCatalog[code].en };
  if (details && details.length > 0) body.details = details;
  return body;
}

/** A 400 `validation_failed` with contract message keys per field; `message` is the first in English. */
export function validationError(details: ErrorDetail[]): AppError {
  const first = details[0];
  return new AppError('validation_failed', {
    details,
    message: first ? translateValidationMessage(first.message, 'en') : undefined,
  });
}

const zodPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.options.headers) reply.headers(error.options.headers);
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(error.code, error.options.details, error.message));
}

/** Maps anything thrown to an AppError; unknown errors become a logged 500. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // One message per field, the first rule broken (an empty password is "required", not also
    // "must contain…"), as a form shows it.
    const seen = new Set<string>();
    const details: ErrorDetail[] = [];
    for (const v of error.validation) {
      const path = zodPath(v.instancePath);
      if (seen.has(path)) continue;
      seen.add(path);
      details.push({ path, message: v.message ?? '' });
    }
    return validationError(details);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (!isResponseSerializationError(error) && typeof fastifyError.statusCode === 'number') {
    const status = fastifyError.statusCode;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return new AppError('payload_too_large');
    }
    if (status === 429) return new AppError('rate_limited');
    if (status === 404) return new AppError('not_found');
    if (status >= 400 && status < 500) return new AppError('invalid_request', { status });
  }
  request.log.error({ err: error }, 'request failed');
  return new AppError('internal_error');
}

/** Whether a request URL is the API's (JSON answers, never the web app). */
export const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

export interface ErrorHandlingOptions {
  /** Tried before the 404 answer (serves the web app); returns true when it answered. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  app.setErrorHandler((error, request, reply) => sendError(reply, toAppError(error, request)));
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiUrl(request.url);
    if (!isApi && options.notFoundFallback && (await options.notFoundFallback(request, reply))) {
      return reply;
    }
    return sendError(reply, new AppError(isApi ? 'route_not_found' : 'not_found'));
  });
}

/** onRoute hook: documents the error envelope as every API route's 4xx/5xx answer (OpenAPI). */
export function documentErrorResponses(route: RouteOptions) {
  if (!route.schema || !route.url.startsWith('/api/')) return;
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  route.schema.response = { '4xx': errorBodySchema, '5xx': errorBodySchema, ...response };
}

/** The row a lookup found, or a 404 `not_found`: another tenant's row is simply not there. */
export function found<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw new AppError('not_found');
  return row;
}
