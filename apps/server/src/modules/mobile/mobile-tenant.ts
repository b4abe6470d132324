import { MOBILE_TENANT_HEADER } from '@kopi/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import { contextOf, type RequestContext } from '../../lib/request-context';
import { tenantBySlug } from './customers.repo';

// Which business an app call is for (decision 018): signed-out calls name it by slug in the
// X-Tenant header; signed-in calls take it from the customer's session and ignore the header.

export interface MobileTenant {
  id: string;
  slug: string;
  name: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export async function mobileTenantOf(db: Db, request: FastifyRequest): Promise<MobileTenant> {
  const header = request.headers[MOBILE_TENANT_HEADER];
  const slug = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!slug) throw new AppError('tenant_header_required');
  const tenant = SLUG.test(slug) ? await tenantBySlug(db, slug) : null;
  if (!tenant) throw new AppError('not_found', { message: 'No business uses this X-Tenant' });
  if (tenant.status === 'suspended') throw new AppError('tenant_suspended');
  return { id: tenant.id, slug: tenant.slug, name: tenant.name };
}

/** The signed-in customer of a `bearer: 'customer'` route and the call's audit context. */
export function customerContextOf(request: FastifyRequest): {
  customer: CustomerPrincipal;
  ctx: RequestContext;
} {
  const customer = request.customer;
  if (!customer) throw new AppError('unauthorized');
  return { customer, ctx: contextOf(request) };
}
