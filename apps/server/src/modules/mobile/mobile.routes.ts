import {
  appOrderFeatures,
  idParamSchema,
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
  paymentOptionsSchema,
  paymentStartSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listMeta, offsetOf } from '../../lib/paging';
import { contextOf } from '../../lib/request-context';
import { defineRoutes, idempotencyKeyOf } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { CustomerService } from '../customers/customers.service';
import type { CustomerMenuService } from '../orders/customer-menu.service';
import type { CustomerOrderService } from '../orders/customer-orders.service';
import type { PaymentService } from '../payments/intents/payments.service';
import { customerLimits } from './mobile-limits';
import { appLanguage, customerContextOf, mobileTenantOf } from './mobile-tenant';
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
//     — each rate-limited per client address; a phone's password and code guesses also meet the
//     staff sign-in backoff (decision 029); outlets and menu, rate-limited per address at 20
//     times a customer's writes (many phones may share one carrier address; the limit only stops
//     one client scraping or loading them without end).
//   signed in (`bearer: 'customer'`, a customer session token, never a staff token): the
//     customer's profile, orders, payments and cancels — rate-limited per customer.
// Placing an order and starting a payment require an Idempotency-Key (DESIGN §5). The app's
// feature switches (decision 041) are checked here, where the app comes in, before the domain
// acts: an order's serving method and notes at its outlet, a referral code at sign-up.

export interface MobileRoutesOptions {
  customers: CustomerService;
  menu: CustomerMenuService;
  orders: CustomerOrderService;
  payments: PaymentService;
  /** Sign-up, sign-in and code attempts per client address per minute. */
  authRateLimit: number;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
  /** The English name of a customer's membership tier (loyalty), shown on the customer. */
  tierName: (tenantId: string, tierId: string | null) => Promise<string | null>;
  /** The tenant's app feature switches: a call needing a switched-off one is refused. */
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobileRoutes(app: FastifyInstance, options: MobileRoutesOptions) {
  const { customers, menu, orders, payments, tierName, features } = options;
  const withTier = async (session: Awaited<ReturnType<CustomerService['signIn']>>) =>
    toMobileSession(session, await tierName(session.customer.tenantId, session.customer.tierId));
  const tags = ['mobile app'];
  // Signed-out calls name their business by X-Tenant; signed-in ones carry the customer.
  const publicRoute = defineRoutes(app, { tags, context: contextOf });
  const customerRoute = defineRoutes(app, { tags, context: customerContextOf });

  const signedOut = {
    public: true,
    rateLimit: { max: options.authRateLimit, timeWindow: 60_000 },
  } as const;
  const { customerWrite, customerRead } = customerLimits(options.customerRateLimit);
  const publicRead = {
    public: true,
    rateLimit: { max: options.customerRateLimit * 20, timeWindow: 60_000 },
  } as const;

  // ---- Account ---------------------------------------------------------------------------------

  publicRoute.create('/mobile/auth/sign-up', {
    config: signedOut,
    summary:
      'Create a customer account (X-Tenant): name, phone, password; a 6-digit code is sent to the phone. Signing up again before verifying replaces the details and sends a new code',
    body: mobileSignUpSchema,
    data: mobileSignUpResultSchema,
    handler: async (ctx, request) => {
      const tenant = await mobileTenantOf(customers, request);
      if (request.body.referral_code) await features.require(tenant.id, null, ['referral']);
      return customers.signUp(tenant, request.body, ctx);
    },
  });

  publicRoute.post('/mobile/auth/verify-phone', {
    config: signedOut,
    summary:
      'Verify the phone with its 6-digit code (X-Tenant; 5 tries, 10 minutes); answers a customer session',
    body: mobileVerifyPhoneSchema,
    data: mobileSessionSchema,
    handler: async (ctx, request) => {
      const tenant = await mobileTenantOf(customers, request);
      return withTier(await customers.verifyPhone(tenant, request.body, ctx));
    },
  });

  publicRoute.post('/mobile/auth/resend-code', {
    config: signedOut,
    summary:
      'Send a new verification code (X-Tenant); the same answer whether or not the phone has an account',
    body: mobileResendCodeSchema,
    data: mobileSignUpResultSchema,
    handler: async (ctx, request) =>
      customers.resendCode(await mobileTenantOf(customers, request), request.body.phone, ctx),
  });

  publicRoute.post('/mobile/auth/sign-in', {
    config: signedOut,
    summary:
      'Sign in with phone and password (X-Tenant); 400 phone_not_verified until the phone is verified',
    body: mobileSignInSchema,
    data: mobileSessionSchema,
    handler: async (ctx, request) => {
      const tenant = await mobileTenantOf(customers, request);
      return withTier(await customers.signIn(tenant, request.body, ctx));
    },
  });

  customerRoute.post('/mobile/auth/sign-out', {
    // Ending the session ends the scope a key would be kept in: there is nothing to replay to.
    config: { bearer: 'customer', idempotency: false },
    summary: 'End this customer session',
    data: z.object({ signed_out: z.literal(true) }),
    handler: ({ customer, ctx }) => customers.signOut(customer, ctx),
  });

  customerRoute.get('/mobile/me', {
    config: customerRead,
    summary: 'The signed-in customer',
    data: mobileCustomerSchema,
    handler: async ({ customer }) => {
      const me = await customers.me(customer);
      return toMobileCustomer(me, await tierName(me.tenantId, me.tierId));
    },
  });

  // ---- Outlets and menu ------------------------------------------------------------------------

  publicRoute.get('/mobile/outlets', {
    config: publicRead,
    summary:
      'The business’s outlets (X-Tenant): open now, taking orders now, next opening; with lat and lng, the distance in km, nearest first',
    querystring: mobileOutletsQuerySchema,
    data: z.array(mobileOutletSchema),
    handler: async (_ctx, request) => {
      const tenant = await mobileTenantOf(customers, request);
      const { lat, lng } = request.query;
      const from = lat !== undefined && lng !== undefined ? { lat, lng } : null;
      return (await menu.outlets(tenant.id, from)).map(toMobileOutlet);
    },
  });

  publicRoute.get('/mobile/outlets/:id/menu', {
    config: publicRead,
    summary:
      'What an outlet sells the app now (X-Tenant): categories and products with the outlet’s prices, variants and add-ons; sold out today is flagged; names in the Accept-Language (ms: Malay where set, else English)',
    params: idParamSchema,
    data: mobileMenuSchema,
    handler: async (_ctx, request) => {
      const tenant = await mobileTenantOf(customers, request);
      return toMobileMenu(await menu.menu(tenant.id, request.params.id), appLanguage(request));
    },
  });

  // ---- Orders and payments ---------------------------------------------------------------------

  customerRoute.create('/mobile/orders', {
    config: { ...customerWrite, idempotency: 'required' },
    summary:
      'Place an order (Idempotency-Key required): pick up, delivery (address; the outlet’s delivery fee) or dine in (table code). CREATED until paid; refused when the outlet is closed, past last orders, not taking orders or its day is closed, and (app_feature_off) when the serving method, order notes or vouchers (with voucher_code) are switched off in the app there; 409 voucher_unknown or voucher_<reason> when the code does not apply',
    body: mobileOrderCreateSchema,
    data: mobileOrderSchema,
    handler: async ({ customer, ctx }, request) => {
      const body = request.body;
      await features.require(customer.tenantId, body.outlet_id, appOrderFeatures(body));
      const placed = await orders.place(customer, ctx, {
        outletId: body.outlet_id,
        servingMethod: body.serving_method,
        items: body.items,
        tableNo: body.table_code ?? null,
        deliveryAddress: body.delivery_address ?? null,
        notes: body.notes ?? null,
        voucherCode: body.voucher_code ?? null,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return toMobileOrder(placed, appLanguage(request));
    },
  });

  customerRoute.list('/mobile/orders', {
    config: customerRead,
    summary: 'The customer’s own orders, newest first (status filter)',
    querystring: mobileOrderListQuerySchema,
    item: mobileOrderSummarySchema,
    handler: async ({ customer }, { query }) => {
      const { rows, total } = await orders.listOwn(customer, {
        status: query.status,
        limit: query.page_size,
        offset: offsetOf(query),
      });
      return {
        data: rows.map((row) => toMobileOrderSummary(row, row.outletName)),
        meta: listMeta(query, total),
      };
    },
  });

  customerRoute.get('/mobile/orders/:id', {
    config: customerRead,
    summary: 'Track one of the customer’s orders: status, history, payments, what may be done',
    params: idParamSchema,
    data: mobileOrderSchema,
    handler: async ({ customer }, request) =>
      toMobileOrder(await orders.own(customer, request.params.id), appLanguage(request)),
  });

  customerRoute.get('/mobile/payment-options', {
    config: customerRead,
    summary:
      'Who takes the app’s payments: the business’s switched-on gateways and the methods each takes (FPX, card, e-wallets), its default gateway first, then the sandbox where the server runs it. A payment naming no provider goes to the first listed taking its method; `is_default` is the business’s default gateway, or with none marked where a payment naming neither provider nor method goes',
    data: paymentOptionsSchema,
    handler: ({ customer }) => payments.options(customer),
  });

  customerRoute.create('/mobile/orders/:id/pay', {
    config: { ...customerWrite, idempotency: 'required' },
    summary:
      'Start paying a CREATED order (Idempotency-Key required). The sandbox provider answers the signed callback its pretend bank sends; posting it completes the payment and the order becomes PENDING',
    params: idParamSchema,
    body: mobilePayRequestSchema,
    data: paymentStartSchema,
    handler: ({ customer, ctx }, { params, body }) =>
      payments.start(customer, ctx, params.id, body),
  });

  customerRoute.post('/mobile/orders/:id/cancel', {
    config: customerWrite,
    summary:
      'Cancel an order while CREATED or PENDING (→ REJECTED, reason cancelled_by_customer with the note); a paid one is owed back (refund_due)',
    params: idParamSchema,
    body: mobileOrderCancelSchema,
    data: mobileOrderSchema,
    handler: async ({ customer, ctx }, request) =>
      toMobileOrder(
        await orders.cancel(customer, ctx, request.params.id, request.body?.reason || null),
        appLanguage(request),
      ),
  });
}
