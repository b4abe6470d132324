import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ReadRouter } from '../db/read-replica';
import type { Clock } from '../lib/clock';
import type { PasswordHasher } from '../lib/password';
import type { ApprovalService } from '../modules/approvals/approvals.service';
import { createCustomerService } from '../modules/customers/customers.service';
import { createCounterTopupService } from '../modules/loyalty/counter-topups.service';
import { createMemberPointsService } from '../modules/loyalty/member-points.service';
import {
  createPaymentCodeService,
  resolvePaymentCodeSecret,
} from '../modules/loyalty/payment-codes.service';
import { createReferralListService } from '../modules/loyalty/referral-list.service';
import { createCloseDayService } from '../modules/orders/close-day.service';
import { createCustomerMenuService } from '../modules/orders/customer-menu.service';
import { createCustomerOrderService } from '../modules/orders/customer-orders.service';
import { createOrderService } from '../modules/orders/orders.service';
import { createVoucherCheckService } from '../modules/orders/voucher-check.service';
import { openPaymentGatewayService } from '../modules/payments/accounts/payment-gateways.service';
import { createBuiltInProviders } from '../modules/payments/intents/payment-providers.service';
import { createPaymentService } from '../modules/payments/intents/payments.service';
import { createReconciliationService } from '../modules/payments/reconciliation/reconciliation.service';
import {
  createRefundPayouts,
  type SandboxDelivery,
  schedulePayoutSweeper,
} from '../modules/payments/refund-payouts/refund-payouts.service';
import { createPosRefundService } from '../modules/refunds/pos-refunds.service';
import { createRefundService } from '../modules/refunds/refunds.service';
import { createShiftService } from '../modules/shifts/shifts.service';
import { createTillService } from '../modules/shifts/tills.service';

// The modules that move money, built once in dependency order, each handed its collaborators:
// payment providers and the businesses' gateways; the refund payouts through them; tills and
// shifts; refunds (paid back through the payouts, or from the shifts' drawers); the orders that
// ask for refunds; and the online payments whose callbacks settle orders and refunds. Nothing is
// bound later: the payouts settle a refund only through the settle function each call is handed
// (the refunds service passes its own; the payment callbacks and the sweeper get it here).

export interface CommerceServiceDeps {
  db: Db;
  now: Clock;
  config: Config;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  /** Where the sandbox's refund callbacks go (this server's callback route, or a test's hook). */
  deliver: SandboxDelivery;
  /** A manager's PIN at the till (decision 055). */
  approvals: ApprovalService;
  /** Where the order list and its export read (a replica when one is set). */
  reads: ReadRouter;
}

export async function buildCommerceServices({
  db,
  now,
  config,
  hasher,
  log,
  deliver,
  approvals,
  reads,
}: CommerceServiceDeps) {
  // The server's own providers (the sandbox), and each business's own gateway accounts
  // (Billplz…), credentials sealed at rest (decision 044); a payment through one with a refund
  // API is paid back through it (decision 046).
  const providers = await createBuiltInProviders({
    db,
    now,
    sandbox: config.paymentSandbox,
    sandboxSecret: config.paymentSandboxSecret,
  });
  if (config.paymentSandbox && config.databaseUrl) {
    log.warn(
      'PAYMENT_SANDBOX is on with DATABASE_URL set: app orders are "paid" through the sandbox and no money moves. Set PAYMENT_SANDBOX=false on a real server.',
    );
  }
  const gateways = await openPaymentGatewayService({
    db,
    now,
    configuredKey: config.paymentCredentialsKey,
    appUrl: config.appUrl,
    baseUrls: config.paymentGatewayBaseUrls,
  });
  const payouts = createRefundPayouts({
    db,
    now,
    providers,
    gateways,
    deliver,
    onError: (error) => log.error({ err: error }, 'provider refund request failed'),
  });
  // Tills and shifts: a counter sale goes into its till's open shift, a refund is paid from its
  // completer's (decisions 035, 049).
  const shifts = createShiftService({ db, now, approvals });
  // Refunds: paid back through the payouts, or from a shift's drawer.
  const refunds = createRefundService({
    db,
    now,
    dataDir: config.dataDir,
    payouts,
    drawers: shifts,
  });
  // Wallet payment codes: the app shows one, the counter's sale takes it.
  const paymentCodes = createPaymentCodeService({
    db,
    now,
    secret: await resolvePaymentCodeSecret(db),
  });
  // A rejected or cancelled paid order asks for its refund through the refunds service.
  const orders = createOrderService({
    db,
    now,
    onRefundOwed: refunds.refundOwed,
    paymentCodes,
    shifts,
    approvals,
    reads,
  });
  const customerOrders = createCustomerOrderService({
    db,
    now,
    onRefundOwed: refunds.refundOwed,
  });
  // The providers' callbacks pay orders and top-ups, and settle the refunds paid back.
  const payments = createPaymentService({
    db,
    now,
    orders: customerOrders,
    providers,
    payouts,
    settleRefund: refunds.settleByProvider,
    gateways,
  });
  return {
    shifts,
    tills: createTillService({ db }),
    // Wallet top-ups sold at the counter: their cash goes into the till's open shift.
    counterTopups: createCounterTopupService({ db, now, shifts }),
    orders,
    closeDay: createCloseDayService({ db, now, dayShifts: shifts.dayShifts }),
    refunds,
    // Refunds at the POS: a receipt found by its number, refunded at once with a manager's PIN.
    posRefunds: createPosRefundService({ db, now, approvals, drawers: shifts, refunds }),
    gateways,
    reconciliation: createReconciliationService({ db, now, gateways }),
    payments,
    customerOrders,
    customerMenu: createCustomerMenuService({ db, now }),
    customers: createCustomerService({ db, hasher, log }),
    paymentCodes,
    memberPoints: createMemberPointsService({ db, now }),
    referralList: createReferralListService({ db }),
    // Vouchers on a cart: the POS's and the app's preview.
    voucherChecks: createVoucherCheckService({ db, now }),
    /** Asks again for provider refunds lost to a crash or left unanswered; answers a stop. */
    startPayoutSweeper: () => schedulePayoutSweeper(payouts, refunds.settleByProvider),
  };
}

export type CommerceServices = Awaited<ReturnType<typeof buildCommerceServices>>;
