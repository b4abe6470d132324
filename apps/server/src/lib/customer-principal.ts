import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { customerSessions, customers } from '../db/schema/customers';
import { tenants } from '../db/schema/tenancy';
import { maskPhone } from './audit';
import { hashToken } from './tokens';

/**
 * Who is calling a customer-app route (`config: { bearer: 'customer' }`): a customer of one
 * tenant, by a live session. Never a staff member: staff tokens are JWTs checked elsewhere, and
 * a customer token is an opaque string found only in customer_sessions.
 */
export interface CustomerPrincipal {
  customerId: string;
  sessionId: string;
  tenantId: string;
  tenantSlug: string;
  name: string;
  phone: string;
}

/** Prefix of customer tokens, so logs and support can tell them from staff JWTs at a glance. */
export const CUSTOMER_TOKEN_PREFIX = 'kc_';

/**
 * The customer of a bearer token, in one indexed query; null when the token is unknown, revoked
 * or expired, the customer disabled or the tenant suspended (so those take effect at once).
 */
export async function loadCustomerPrincipal(
  db: Db,
  token: string,
): Promise<CustomerPrincipal | null> {
  if (!token.startsWith(CUSTOMER_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      customerId: customers.id,
      sessionId: customerSessions.id,
      tenantId: customers.tenantId,
      tenantSlug: tenants.slug,
      name: customers.name,
      phone: customers.phone,
    })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .innerJoin(tenants, eq(tenants.id, customers.tenantId))
    .where(
      and(
        eq(customerSessions.tokenHash, hashToken(token)),
        isNull(customerSessions.revokedAt),
        gt(customerSessions.expiresAt, sql`now()`),
        eq(customers.status, 'active'),
        ne(tenants.status, 'suspended'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The customer as the audit trail names them (no staff user behind these writes): by id, with a
 * masked phone for people reading the log, never the full phone (decision 051).
 */
export const customerActor = (c: { id: string; phone: string; tenantId: string }) => ({
  id: c.id,
  username: `customer:${maskPhone(c.phone)}`,
  tenantId: c.tenantId,
});

/** The actor and tenant of an audit entry that a signed-in customer's own action writes. */
export const byCustomer = (c: Pick<CustomerPrincipal, 'customerId' | 'phone' | 'tenantId'>) => ({
  actor: customerActor({ ...c, id: c.customerId }),
  tenantId: c.tenantId,
});
