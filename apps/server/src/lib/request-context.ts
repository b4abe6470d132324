import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Principal } from './principal';

/** What services need to know about a call, without depending on HTTP. */
export interface RequestContext {
  principal: Principal | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export interface AuthedContext extends RequestContext {
  principal: Principal;
}

export function contextOf(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    principal: request.principal,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    requestId: String(request.id),
  };
}

/** The context of a route declared with a permission; the guard has set the principal. */
export function authedContextOf(request: FastifyRequest): AuthedContext {
  const context = contextOf(request);
  if (!context.principal) throw new AppError('unauthorized');
  return context as AuthedContext;
}
