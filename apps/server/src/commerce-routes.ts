import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { CommerceServices } from './composition/commerce-services';
import type { AppFeatureService } from './modules/app-features/app-features.service';
import { shiftRoutes } from './modules/shifts/shifts.routes';
import { tillRoutes } from './modules/shifts/tills.routes';
import { refundRoutes } from './modules/refunds/refunds.routes';
import { posRefundRoutes } from './modules/refunds/pos-refunds.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { mobileRoutes } from './modules/mobile/mobile.routes';
import { mobileVoucherRoutes } from './modules/mobile/mobile-vouchers.routes';
import { voucherRedemptionRoutes } from './modules/vouchers/voucher-redemption.routes';
import { registerLoyaltyRoutes } from './loyalty-routes';
import { paymentGatewayRoutes } from './modules/payments/accounts/payment-gateways.routes';
import { paymentRoutes } from './modules/payments/intents/payments.routes';
import { reconciliationRoutes } from './modules/payments/reconciliation/reconciliation.routes';
import { counterTopupRoutes } from './modules/loyalty/counter-topups.routes';

// Orders and the POS with tills and shifts, online payments and refunds paid back through them,
// and the customer app with its loyalty: the routes over the money-moving services, which
// composition/commerce-services.ts builds and wires to each other.

export interface CommerceRouteDeps {
  db: Db;
  now: Clock;
  config: Config;
  services: CommerceServices;
  /** The app's feature switches its calls check (decision 041). */
  appFeatures: AppFeatureService;
}

/** Registers the routes and starts the payout sweeper, stopped with the returned function. */
export async function registerCommerceRoutes(
  api: FastifyInstance,
  { db, now, config, services, appFeatures }: CommerceRouteDeps,
): Promise<{ stopPayoutSweeper: () => void }> {
  const stopPayoutSweeper = services.startPayoutSweeper();
  await api.register(shiftRoutes, { service: services.shifts });
  await api.register(tillRoutes, { service: services.tills });
  await api.register(counterTopupRoutes, { service: services.counterTopups });
  await api.register(orderRoutes, { service: services.orders, closeDay: services.closeDay });
  await api.register(refundRoutes, { service: services.refunds });
  await api.register(posRefundRoutes, { service: services.posRefunds });
  await api.register(paymentGatewayRoutes, { service: services.gateways });
  await api.register(reconciliationRoutes, { service: services.reconciliation });
  // The customer app: a channel over customers, the order core and online payments.
  await api.register(mobileRoutes, {
    customers: services.customers,
    menu: services.customerMenu,
    orders: services.customerOrders,
    payments: services.payments,
    authRateLimit: config.loginRateLimit,
    customerRateLimit: config.mobileRateLimit,
    tierName: services.memberPoints.tierName,
    features: appFeatures,
  });
  // Vouchers on a cart: the POS's and the app's preview, and the customer's issued codes.
  await api.register(voucherRedemptionRoutes, { service: services.voucherChecks });
  await api.register(mobileVoucherRoutes, {
    service: services.voucherChecks,
    customerRateLimit: config.mobileRateLimit,
    features: appFeatures,
  });
  await api.register(paymentRoutes, { service: services.payments });
  await registerLoyaltyRoutes(api, {
    db,
    now,
    customers: services.customers,
    customerOrders: services.customerOrders,
    payments: services.payments,
    paymentCodes: services.paymentCodes,
    memberPoints: services.memberPoints,
    referralList: services.referralList,
    appFeatures,
    customerRateLimit: config.mobileRateLimit,
  });
  return { stopPayoutSweeper };
}
