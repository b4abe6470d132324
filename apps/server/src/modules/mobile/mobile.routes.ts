import {
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  mobileCustomerSchema,
  mobileMenuSchema,
  mobileOrderCancelSchema,
  mobileOrderCreateSchema,
  mobileOrderListQuerySchema,
  mobileOrderSchema,
  mobileOrderSummarySchema,
  mobileOutletSchema,
  mobileOutletsQuerySchema,
  mobilePayRequestSchema,
  mobileResendCodeSchema,
  mobileSessionSchema,
  mobileSignInSchema,
  mobileSignUpResultSchema,
  mobileSignUpSchema,
  mobileVerifyPhoneSchema,
  paymentStartSchema,
} from '@kopi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMeta, offsetOf } from '../../lib/paging';
import { contextOf } from '../../lib/request-context';
import type { CustomerService } from '../customers/customers.service';
import type { CustomerMenuService } from '../orders/customer-menu.service';
import type { CustomerOrderService } from '../orders/customer-orders.service';
import type { PaymentService } from '../payments/payments.service';
import { customerContextOf, mobileTenantOf } from './mobile-tenant';
import {
  toMobileCustomer,
  toMobileMenu,
  toMobileOrder,
  toMobileOrderSummary,
  toMobileOutlet,
  toMobileSession,
} from './mobile-views';

// DESIGN §8 /api/mobile/…: the chain's customer app (decision 018). Access:
//   signed out (public, X-Tenant names the business): sign-up, verify-phone, resend-code, sign-in
//     — each rate-limited per client address; outlets and menu, rate-limited per address at 20
//     times a customer's writes (many phones may share one carrier address; the limit only stops
//     one client scraping or loading them without end).
//   signed in (`bearer: 'customer'`, a customer session token, never a staff token): the
//     customer's profile, orders, payments and cancels — rate-limited per customer.
// Placing an order and starting a payment require an Idempotency-Key (DESIGN §5).

export interface MobileRoutesOptions {
  customers: CustomerService;
  menu: CustomerMenuService;
  orders: CustomerOrderService;
  payments: PaymentService;
  /** Sign-up, sign-in and code attempts per client address per minute. */
  authRateLimit: number;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
}

const tags = ['mobile app'];

const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers['idempotency-key'];
  return (Array.isArray(header) ? header[0] : header) ?? null;
};

export async function mobileRoutes(app: FastifyInstance, options: MobileRoutesOptions) {
  const { customers, menu, orders, payments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const signedOut = {
    public: true,
    rateLimit: { max: options.authRateLimit, timeWindow: 60_000 },
  } as const;
  const perCustomer = (max: number) => ({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      request.customer ? `customer:${request.customer.customerId}` : request.ip,
  });
  const customerWrite = {
    bearer: 'customer',
    rateLimit: perCustomer(options.customerRateLimit),
  } as const;
  const publicRead = {
    public: true,
    rateLimit: { max: options.customerRateLimit * 20, timeWindow: 60_000 },
  } as const;
  const customerRead = {
    bearer: 'customer',
    rateLimit: perCustomer(options.customerRateLimit * 5),
  } as const;

  // ---- Account ---------------------------------------------------------------------------------

  r.post(
    '/mobile/auth/sign-up',
    {
      config: signedOut,
      schema: {
        tags,
        summary:
          'Create a customer account (X-Tenant): name, phone, password; a 6-digit code is sent to the phone. Signing up again before verifying replaces the details and sends a new code',
        body: mobileSignUpSchema,
        response: { 201: dataEnvelope(mobileSignUpResultSchema) },
      },
    },
    async (request, reply) => {
      const tenant = await mobileTenantOf(customers, request);
      const data = await customers.signUp(tenant, request.body, contextOf(request));
      return reply.code(201).send({ data });
    },
  );

  r.post(
    '/mobile/auth/verify-phone',
    {
      config: signedOut,
      schema: {
        tags,
        summary:
          'Verify the phone with its 6-digit code (X-Tenant; 5 tries, 10 minutes); answers a customer session',
        body: mobileVerifyPhoneSchema,
        response: { 200: dataEnvelope(mobileSessionSchema) },
      },
    },
    async (request) => {
      const tenant = await mobileTenantOf(customers, request);
      const session = await customers.verifyPhone(tenant, request.body, contextOf(request));
      return { data: toMobileSession(session) };
    },
  );

  r.post(
    '/mobile/auth/resend-code',
    {
      config: signedOut,
      schema: {
        tags,
        summary:
          'Send a new verification code (X-Tenant); the same answer whether or not the phone has an account',
        body: mobileResendCodeSchema,
        response: { 200: dataEnvelope(mobileSignUpResultSchema) },
      },
    },
    async (request) => {
      const tenant = await mobileTenantOf(customers, request);
      return { data: await customers.resendCode(tenant, request.body.phone, contextOf(request)) };
    },
  );

  r.post(
    '/mobile/auth/sign-in',
    {
      config: signedOut,
      schema: {
        tags,
        summary:
          'Sign in with phone and password (X-Tenant); 400 phone_not_verified until the phone is verified',
        body: mobileSignInSchema,
        response: { 200: dataEnvelope(mobileSessionSchema) },
      },
    },
    async (request) => {
      const tenant = await mobileTenantOf(customers, request);
      return {
        data: toMobileSession(await customers.signIn(tenant, request.body, contextOf(request))),
      };
    },
  );

  r.post(
    '/mobile/auth/sign-out',
    {
      config: { bearer: 'customer' },
      schema: {
        tags,
        summary: 'End this customer session',
        response: { 200: dataEnvelope(z.object({ signed_out: z.literal(true) })) },
      },
    },
    async (request) => {
      const { customer, ctx } = customerContextOf(request);
      return { data: await customers.signOut(customer, ctx) };
    },
  );

  r.get(
    '/mobile/me',
    {
      config: customerRead,
      schema: {
        tags,
        summary: 'The signed-in customer',
        response: { 200: dataEnvelope(mobileCustomerSchema) },
      },
    },
    async (request) => ({
      data: toMobileCustomer(await customers.me(customerContextOf(request).customer)),
    }),
  );

  // ---- Outlets and menu ------------------------------------------------------------------------

  r.get(
    '/mobile/outlets',
    {
      config: publicRead,
      schema: {
        tags,
        summary:
          'The business’s outlets (X-Tenant): open now, taking orders now, next opening; with lat and lng, the distance in km, nearest first',
        querystring: mobileOutletsQuerySchema,
        response: { 200: dataEnvelope(z.array(mobileOutletSchema)) },
      },
    },
    async (request) => {
      const tenant = await mobileTenantOf(customers, request);
      const { lat, lng } = request.query;
      const from = lat !== undefined && lng !== undefined ? { lat, lng } : null;
      return { data: (await menu.outlets(tenant.id, from)).map(toMobileOutlet) };
    },
  );

  r.get(
    '/mobile/outlets/:id/menu',
    {
      config: publicRead,
      schema: {
        tags,
        summary:
          'What an outlet sells the app now (X-Tenant): categories and products with the outlet’s prices, variants and add-ons; sold out today is flagged',
        params: idParamSchema,
        response: { 200: dataEnvelope(mobileMenuSchema) },
      },
    },
    async (request) => {
      const tenant = await mobileTenantOf(customers, request);
      return { data: toMobileMenu(await menu.menu(tenant.id, request.params.id)) };
    },
  );

  // ---- Orders and payments ---------------------------------------------------------------------

  r.post(
    '/mobile/orders',
    {
      config: { ...customerWrite, idempotency: 'required' },
      schema: {
        tags,
        summary:
          'Place an order (Idempotency-Key required): pick up, delivery (address; the outlet’s delivery fee) or dine in (table code). CREATED until paid; refused when the outlet is closed, past last orders, not taking orders or its day is closed',
        body: mobileOrderCreateSchema,
        response: { 201: dataEnvelope(mobileOrderSchema) },
      },
    },
    async (request, reply) => {
      const { customer, ctx } = customerContextOf(request);
      const body = request.body;
      const placed = await orders.place(customer, ctx, {
        outletId: body.outlet_id,
        servingMethod: body.serving_method,
        items: body.items,
        tableNo: body.table_code ?? null,
        deliveryAddress: body.delivery_address ?? null,
        notes: body.notes ?? null,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.code(201).send({ data: toMobileOrder(placed) });
    },
  );

  r.get(
    '/mobile/orders',
    {
      config: customerRead,
      schema: {
        tags,
        summary: 'The customer’s own orders, newest first (status filter)',
        querystring: mobileOrderListQuerySchema,
        response: { 200: listEnvelope(mobileOrderSummarySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await orders.listOwn(customerContextOf(request).customer, {
        status: q.status,
        limit: q.page_size,
        offset: offsetOf(q),
      });
      return {
        data: rows.map((r) => toMobileOrderSummary(r, r.outletName)),
        meta: listMeta(q, total),
      };
    },
  );

  r.get(
    '/mobile/orders/:id',
    {
      config: customerRead,
      schema: {
        tags,
        summary: 'Track one of the customer’s orders: status, history, payments, what may be done',
        params: idParamSchema,
        response: { 200: dataEnvelope(mobileOrderSchema) },
      },
    },
    async (request) => ({
      data: toMobileOrder(await orders.own(customerContextOf(request).customer, request.params.id)),
    }),
  );

  r.post(
    '/mobile/orders/:id/pay',
    {
      config: { ...customerWrite, idempotency: 'required' },
      schema: {
        tags,
        summary:
          'Start paying a CREATED order (Idempotency-Key required). The sandbox provider answers the signed callback its pretend bank sends; posting it completes the payment and the order becomes PENDING',
        params: idParamSchema,
        body: mobilePayRequestSchema,
        response: { 201: dataEnvelope(paymentStartSchema) },
      },
    },
    async (request, reply) => {
      const { customer, ctx } = customerContextOf(request);
      const data = await payments.start(customer, ctx, request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.post(
    '/mobile/orders/:id/cancel',
    {
      config: customerWrite,
      schema: {
        tags,
        summary:
          'Cancel an order while CREATED or PENDING (→ REJECTED, "Cancelled by customer"); a paid one is owed back (refund_due)',
        params: idParamSchema,
        body: mobileOrderCancelSchema,
        response: { 200: dataEnvelope(mobileOrderSchema) },
      },
    },
    async (request) => {
      const { customer, ctx } = customerContextOf(request);
      const reason = request.body?.reason || null;
      return { data: toMobileOrder(await orders.cancel(customer, ctx, request.params.id, reason)) };
    },
  );
}
