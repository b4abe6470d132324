import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { customerStaffRoutes } from './modules/customers/customers-staff.routes';
import { createCustomerAdminService } from './modules/customers/customers-admin.service';
import { createCustomerPdpaService } from './modules/customers/customers-pdpa.service';
import type { AppFeatureService } from './modules/app-features/app-features.service';
import type { CustomerService } from './modules/customers/customers.service';
import { createLoyaltySettingsService } from './modules/loyalty/loyalty-settings.service';
import type { MemberPointsService } from './modules/loyalty/member-points.service';
import { membershipRoutes } from './modules/loyalty/membership.routes';
import { paymentCodeRoutes } from './modules/loyalty/payment-codes.routes';
import type { PaymentCodeService } from './modules/loyalty/payment-codes.service';
import { pointsLedgerRoutes } from './modules/loyalty/points-ledger.routes';
import { createPointsLedgerService } from './modules/loyalty/points-ledger.service';
import type { ReferralListService } from './modules/loyalty/referral-list.service';
import { createTierService } from './modules/loyalty/tiers.service';
import { createWalletAdjustmentService } from './modules/loyalty/wallet-adjustments.service';
import { walletRoutes } from './modules/loyalty/wallet.routes';
import { createWalletService } from './modules/loyalty/wallet.service';
import { mobilePointsRoutes } from './modules/mobile/mobile-points.routes';
import { mobileWalletPaymentRoutes } from './modules/mobile/mobile-wallet-payments.routes';
import { mobileWalletRoutes } from './modules/mobile/mobile-wallet.routes';
import type { CustomerOrderService } from './modules/orders/customer-orders.service';
import type { PaymentService } from './modules/payments/intents/payments.service';

// The customers' loyalty programme on the API: staff screens (customers, wallet, membership,
// referrals), the counter's payment-code check, and the app's own wallet, points and referrals.

export interface LoyaltyRouteDeps {
  db: Db;
  now: Clock;
  customers: CustomerService;
  customerOrders: CustomerOrderService;
  payments: PaymentService;
  paymentCodes: PaymentCodeService;
  memberPoints: MemberPointsService;
  referralList: ReferralListService;
  /** The app's feature switches its wallet and points calls check (decision 041). */
  appFeatures: AppFeatureService;
  customerRateLimit: number;
}

export async function registerLoyaltyRoutes(api: FastifyInstance, deps: LoyaltyRouteDeps) {
  const { db, now, customerRateLimit } = deps;
  // The counter checks a wallet payment code before charging it.
  await api.register(paymentCodeRoutes, { service: deps.paymentCodes });
  // Membership tiers, loyalty and referral settings, referrals; the app's points.
  await api.register(membershipRoutes, {
    tiers: createTierService({ db, now }),
    settings: createLoyaltySettingsService({ db, now }),
    referrals: deps.referralList,
  });
  // A customer's points ledger for staff (the customer details page).
  await api.register(pointsLedgerRoutes, { points: createPointsLedgerService({ db }) });
  await api.register(mobilePointsRoutes, {
    customers: deps.customers,
    points: deps.memberPoints,
    referrals: deps.referralList,
    customerRateLimit,
    features: deps.appFeatures,
  });
  await api.register(mobileWalletPaymentRoutes, {
    paymentCodes: deps.paymentCodes,
    orders: deps.customerOrders,
    customerRateLimit,
    features: deps.appFeatures,
  });
  // The customers' wallet: staff ledgers, adjustments and liability; the app's own wallet.
  const wallet = createWalletService({ db, now });
  await api.register(walletRoutes, {
    wallet,
    adjustments: createWalletAdjustmentService({ db, now }),
  });
  await api.register(mobileWalletRoutes, {
    wallet,
    payments: deps.payments,
    customerRateLimit,
    features: deps.appFeatures,
  });
  // The customers as staff see them, and the counter's lookup and quick add.
  await api.register(customerStaffRoutes, {
    service: createCustomerAdminService({ db, now }),
    pdpa: createCustomerPdpaService({ db, now }),
  });
}
