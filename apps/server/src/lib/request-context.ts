import { DEVICE_ID_HEADER } from '@kopi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Principal } from './principal';

/** What services need to know about a call, without depending on HTTP. */
export interface RequestContext {
  principal: Principal | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** The device's own id (the POS's `x-device-id`), where a PIN's failures are counted. */
  deviceId?: string | null;
}

export interface AuthedContext extends RequestContext {
  principal: Principal;
}

/** A device id as the POS makes one (a UUID, or 8–64 letters, digits and dashes); else none. */
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

export function contextOf(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  const deviceId = request.headers[DEVICE_ID_HEADER];
  return {
    principal: request.principal,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    requestId: String(request.id),
    deviceId: typeof deviceId === 'string' && DEVICE_ID.test(deviceId) ? deviceId : null,
  };
}

/** The context of a route declared with a permission; the guard has set the principal. */
export function authedContextOf(request: FastifyRequest): AuthedContext {
  const context = contextOf(request);
  if (!context.principal) throw new AppError('unauthorized');
  return context as AuthedContext;
}
