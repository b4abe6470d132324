import type { FastifyRequest } from 'fastify';

// The access and rate limits of signed-in customer-app routes: a customer session (never a staff
// token), limited per customer rather than per address (many phones share a carrier's address).

const perCustomer = (max: number) => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) =>
    request.customer ? `customer:${request.customer.customerId}` : request.ip,
});

/** Writes get `customerRateLimit` per minute; reads five times as many. */
export function customerLimits(customerRateLimit: number) {
  return {
    customerWrite: { bearer: 'customer', rateLimit: perCustomer(customerRateLimit) } as const,
    customerRead: { bearer: 'customer', rateLimit: perCustomer(customerRateLimit * 5) } as const,
  };
}
