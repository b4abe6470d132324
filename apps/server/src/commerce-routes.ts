import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { PasswordHasher } from './lib/password';
import type { AppFeatureService } from './modules/app-features/app-features.service';
import { createCloseDayService } from './modules/orders/close-day.service';
import { createShiftService } from './modules/shifts/shifts.service';
import { shiftRoutes } from './modules/shifts/shifts.routes';
import { tillRoutes } from './modules/shifts/tills.routes';
import { createTillService } from './modules/shifts/tills.service';
import { refundRoutes } from './modules/refunds/refunds.routes';
import { posRefundRoutes } from './modules/refunds/pos-refunds.routes';
import { createPosRefundService } from './modules/refunds/pos-refunds.service';
import type { ReadRouter } from './db/read-replica';
import type { ApprovalService } from './modules/approvals/approvals.service';
import { createRefundService } from './modules/refunds/refunds.service';
import { orderRoutes } from './modules/orders/orders.routes';
import { createOrderService } from './modules/orders/orders.service';
import { createCustomerService, type CustomerService } from './modules/customers/customers.service';
import { createCustomerMenuService } from './modules/orders/customer-menu.service';
import { createCustomerOrderService } from './modules/orders/customer-orders.service';
import { mobileRoutes } from './modules/mobile/mobile.routes';
import { mobileVoucherRoutes } from './modules/mobile/mobile-vouchers.routes';
import { createVoucherCheckService } from './modules/orders/voucher-check.service';
import { voucherRedemptionRoutes } from './modules/vouchers/voucher-redemption.routes';
import { createMemberPointsService } from './modules/loyalty/member-points.service';
import { createReferralListService } from './modules/loyalty/referral-list.service';
import {
  createPaymentCodeService,
  resolvePaymentCodeSecret,
} from './modules/loyalty/payment-codes.service';
import { registerLoyaltyRoutes } from './loyalty-routes';
import { resolveSandboxSecret } from './modules/payments/intents/payment-secrets';
import { resolveCredentialsKey } from './modules/payments/accounts/payment-credentials';
import { paymentGatewayRoutes } from './modules/payments/accounts/payment-gateways.routes';
import { createPaymentGatewayService } from './modules/payments/accounts/payment-gateways.service';
import { paymentRoutes } from './modules/payments/intents/payments.routes';
import { reconciliationRoutes } from './modules/payments/reconciliation/reconciliation.routes';
import { createReconciliationService } from './modules/payments/reconciliation/reconciliation.service';
import { createPaymentService } from './modules/payments/intents/payments.service';
import {
  createRefundPayouts,
  type RefundSettledHook,
  type SandboxDelivery,
  schedulePayoutSweeper,
} from './modules/payments/refund-payouts/refund-payouts.service';
import { createSandboxProvider } from './modules/payments/intents/sandbox-provider';
import { counterTopupRoutes } from './modules/loyalty/counter-topups.routes';
import { createCounterTopupService } from './modules/loyalty/counter-topups.service';

// Orders and the POS with tills and shifts, online payments and refunds paid back through them,
// and the customer app with its loyalty: the modules that move money, wired to each other.

export interface CommerceRouteDeps {
  db: Db;
  now: Clock;
  config: Config;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  /** Where the sandbox's refund callbacks go (this server's callback route, or a test's hook). */
  deliver: SandboxDelivery;
  /** The app's feature switches its calls check (decision 041). */
  appFeatures: AppFeatureService;
  /** A manager's PIN at the till (decision 055). */
  approvals: ApprovalService;
  /** Where the order list and its export read (a replica when one is set). */
  reads: ReadRouter;
}

/**
 * Registers the routes; the payout sweeper it starts is stopped with the returned function, and
 * the customers service is handed on to the app's other routes.
 */
export async function registerCommerceRoutes(
  api: FastifyInstance,
  { db, now, config, hasher, log, deliver, appFeatures, approvals, reads }: CommerceRouteDeps,
): Promise<{ stopPayoutSweeper: () => void; customers: CustomerService }> {
  // Online payment providers, and refunds paid back through them: the refunds service asks
  // the payouts to pay an approved refund; the provider's callback settles it through the
  // refunds service (bound once both exist).
  const providers = config.paymentSandbox
    ? [
        createSandboxProvider({
          secret: await resolveSandboxSecret(db, config.paymentSandboxSecret),
          now,
        }),
      ]
    : [];
  // Each business's own gateway accounts (Billplz…), credentials sealed at rest (decision 044);
  // a payment through one with a refund API is paid back through it (decision 046).
  const gateways = createPaymentGatewayService({
    db,
    now,
    key: await resolveCredentialsKey(db, config.paymentCredentialsKey),
    appUrl: config.appUrl,
    baseUrls: config.paymentGatewayBaseUrls,
  });
  let settleRefund: RefundSettledHook = async () => {};
  const payouts = createRefundPayouts({
    db,
    now,
    providers,
    gateways,
    deliver,
    onSettled: (tx, settled) => settleRefund(tx, settled),
    onError: (error) => log.error({ err: error }, 'provider refund request failed'),
  });
  const stopPayoutSweeper = schedulePayoutSweeper(payouts);
  // Tills and shifts: a counter sale goes into its till's open shift, a refund is paid from its
  // completer's (decisions 035, 049).
  const shifts = createShiftService({ db, now, approvals });
  // A rejected or cancelled paid order asks for its refund through the refunds service.
  const refunds = createRefundService({
    db,
    now,
    dataDir: config.dataDir,
    payouts,
    drawers: shifts,
  });
  settleRefund = refunds.settleByProvider;
  // Wallet payment codes: the app shows one, the counter's sale takes it.
  const paymentCodes = createPaymentCodeService({
    db,
    now,
    secret: await resolvePaymentCodeSecret(db),
  });
  await api.register(shiftRoutes, { service: shifts });
  await api.register(tillRoutes, { service: createTillService({ db }) });
  // Wallet top-ups sold at the counter: their cash goes into the till's open shift.
  await api.register(counterTopupRoutes, {
    service: createCounterTopupService({ db, now, shifts }),
  });
  await api.register(orderRoutes, {
    service: createOrderService({
      db,
      now,
      onRefundOwed: refunds.refundOwed,
      paymentCodes,
      shifts,
      approvals,
      reads,
    }),
    closeDay: createCloseDayService({ db, now, dayShifts: shifts.dayShifts }),
  });
  await api.register(refundRoutes, {
    service: refunds,
  });
  // Refunds at the POS: a receipt found by its number, refunded at once with a manager's PIN.
  await api.register(posRefundRoutes, {
    service: createPosRefundService({ db, now, approvals, drawers: shifts, payouts, refunds }),
  });
  // The customer app: a channel over customers, the order core and online payments.
  const customerOrders = createCustomerOrderService({
    db,
    now,
    onRefundOwed: refunds.refundOwed,
  });
  if (config.paymentSandbox && config.databaseUrl) {
    log.warn(
      'PAYMENT_SANDBOX is on with DATABASE_URL set: app orders are "paid" through the sandbox and no money moves. Set PAYMENT_SANDBOX=false on a real server.',
    );
  }
  await api.register(paymentGatewayRoutes, { service: gateways });
  await api.register(reconciliationRoutes, {
    service: createReconciliationService({ db, now, gateways }),
  });
  const payments = createPaymentService({
    db,
    now,
    orders: customerOrders,
    providers,
    payouts,
    gateways,
  });
  const customerService = createCustomerService({ db, hasher, log });
  const memberPoints = createMemberPointsService({ db, now });
  const referralList = createReferralListService({ db });
  await api.register(mobileRoutes, {
    customers: customerService,
    menu: createCustomerMenuService({ db, now }),
    orders: customerOrders,
    payments,
    authRateLimit: config.loginRateLimit,
    customerRateLimit: config.mobileRateLimit,
    tierName: memberPoints.tierName,
    features: appFeatures,
  });
  // Vouchers on a cart: the POS's and the app's preview, and the customer's issued codes.
  const voucherChecks = createVoucherCheckService({ db, now });
  await api.register(voucherRedemptionRoutes, { service: voucherChecks });
  await api.register(mobileVoucherRoutes, {
    service: voucherChecks,
    customerRateLimit: config.mobileRateLimit,
    features: appFeatures,
  });
  await api.register(paymentRoutes, { service: payments });
  await registerLoyaltyRoutes(api, {
    db,
    now,
    customers: customerService,
    customerOrders,
    payments,
    paymentCodes,
    memberPoints,
    referralList,
    appFeatures,
    customerRateLimit: config.mobileRateLimit,
  });
  return { stopPayoutSweeper, customers: customerService };
}
