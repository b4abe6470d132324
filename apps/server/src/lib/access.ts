import { isKnownPermission } from '@kopi/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../db/database';
import { type CustomerPrincipal, loadCustomerPrincipal } from './customer-principal';
import { AppError } from './errors';
import type { Principal } from './principal';
import type { PrincipalCache } from './principal-cache';
import { bearerToken, type TokenSigner } from './tokens';

// Route access is declared on every route, next to its handler (DESIGN §5):
//   config: { public: true }                  anyone, no token
//   config: { permission: 'read-user' }       a signed-in user whose role grants the permission
//   config: { permission: anyOf('a', 'b') }    a signed-in user whose role grants either one
//   config: { permission: AUTHENTICATED }     any signed-in user (own profile, notifications)
//   config: { bearer: 'refresh-token' }       the handler checks a refresh token itself
//   config: { bearer: 'customer' }            a signed-in customer of the mobile app (never staff)
// A route declaring none of these (or a permission the catalogue lacks) stops the server at start.

export const AUTHENTICATED = 'authenticated';

const OR = ' | ';

/**
 * A route open to holders of any one of `permissions` (the counter's customer lookup serves the
 * cashier's POS and the back office's customer readers alike).
 */
export const anyOf = (...permissions: string[]) => permissions.join(OR);
const alternativesOf = (permission: string) => permission.split(OR);

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: string;
    bearer?: 'refresh-token' | 'customer';
    /** false: ignore Idempotency-Key; 'required': refuse writes without one. */
    idempotency?: boolean | 'required';
    /** The access token comes as `?token=` (websockets: browsers cannot set headers there). */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Set on `bearer: 'customer'` routes only. */
    customer: CustomerPrincipal | null;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  permission: string | null;
  bearer: string | null;
}

/** Why a route's declaration is unacceptable, or null when it is fine. */
export function accessDeclarationProblem(config: RouteOptions['config']): string | null {
  const c = (config ?? {}) as { public?: unknown; permission?: unknown; bearer?: unknown };
  const declared = [c.public === true, typeof c.permission === 'string', c.bearer !== undefined];
  const count = declared.filter(Boolean).length;
  if (count === 0) return 'declares neither `public: true` nor a `permission`';
  if (count > 1) return 'declares more than one of `public`, `permission` and `bearer`';
  if (c.bearer !== undefined && c.bearer !== 'refresh-token' && c.bearer !== 'customer') {
    return 'has an unknown `bearer`';
  }
  if (typeof c.permission === 'string' && c.permission !== AUTHENTICATED) {
    const unknown = alternativesOf(c.permission).find((p) => !isKnownPermission(p));
    if (unknown !== undefined) {
      return `requires "${unknown}", which is not in the permission catalogue`;
    }
  }
  return null;
}

export interface AccessControlOptions {
  db: Db;
  signer: TokenSigner;
  principals: PrincipalCache;
  /** Every route registered, with its declaration (the route walk test reads this). */
  routes: RouteAccess[];
}

export function installAccessControl(app: FastifyInstance, options: AccessControlOptions) {
  app.decorateRequest('principal', null);
  app.decorateRequest('customer', null);

  // Route options are read at onReady: plugins may still mark their routes in later onRoute hooks.
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });

  app.addHook('onReady', async () => {
    const problems: string[] = [];
    for (const route of registered) {
      const config = (route.config ?? {}) as Record<string, unknown>;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        options.routes.push({
          method,
          url: route.url,
          public: config.public === true,
          permission: typeof config.permission === 'string' ? config.permission : null,
          bearer: typeof config.bearer === 'string' ? config.bearer : null,
        });
        const problem = accessDeclarationProblem(route.config);
        if (problem) problems.push(`${method} ${route.url} ${problem}`);
      }
    }
    if (problems.length > 0) {
      throw new Error(`Route access declarations are missing or wrong:\n${problems.join('\n')}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const token = config.tokenInQuery
      ? queryToken(request.query)
      : bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthorized');
    if (config.bearer === 'refresh-token') return;
    if (config.bearer === 'customer') {
      // Customer sessions only: a staff access token is not one (and the reverse is refused below).
      const customer = await loadCustomerPrincipal(options.db, token);
      if (!customer) throw new AppError('unauthorized');
      request.customer = customer;
      return;
    }
    const permission = config.permission;
    // Deny by default: an undeclared route never runs (onReady also refuses to start with one).
    if (typeof permission !== 'string') throw new AppError('forbidden');
    const claims = await options.signer.verify('access', token);
    if (!claims?.sessionId) throw new AppError('unauthorized');
    const principal = await options.principals.load(claims.sessionId, claims.userId);
    if (!principal) throw new AppError('unauthorized');
    if (
      permission !== AUTHENTICATED &&
      !alternativesOf(permission).some((p) => hasPermission(principal, p))
    ) {
      throw new AppError('forbidden');
    }
    request.principal = principal;
  });
}

function queryToken(query: unknown): string | null {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

export const hasPermission = (principal: Principal, permission: string) =>
  principal.permissions.includes(permission.toLowerCase());

/** Marks every route registered in this plugin context as public (static files, API docs). */
export function markRoutesPublic(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
}
