import { MOBILE_TENANT_HEADER } from '@kopi/contract';
import type { FastifyRequest } from 'fastify';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import { languageOf } from '../../lib/malay-name';
import { contextOf, type RequestContext } from '../../lib/request-context';
import type { CustomerService, CustomerTenant } from '../customers/customers.service';

// Which business an app call is for (decision 018): signed-out calls name it by slug in the
// X-Tenant header; signed-in calls take it from the customer's session and ignore the header.

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export async function mobileTenantOf(
  customers: Pick<CustomerService, 'tenantBySlug'>,
  request: FastifyRequest,
): Promise<CustomerTenant> {
  const header = request.headers[MOBILE_TENANT_HEADER];
  const slug = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!slug) throw new AppError('tenant_header_required');
  const tenant = SLUG.test(slug) ? await customers.tenantBySlug(slug) : null;
  if (!tenant) throw new AppError('not_found', { message: 'No business uses this X-Tenant' });
  return tenant;
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

/** The app's language for names (decision 039): its Accept-Language, English by default. */
export const appLanguage = (request: FastifyRequest) =>
  languageOf(request.headers['accept-language']);
