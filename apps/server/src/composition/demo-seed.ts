import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/database';
import { readsFromPrimary } from '../db/read-replica';
import type { Clock } from '../lib/clock';
import type { PasswordHasher } from '../lib/password';
import { createApprovalService } from '../modules/approvals/approvals.service';
import { seedDemoBanners } from '../modules/banners/banners-demo-seed';
import { seedDemoCustomers } from '../modules/customers/customers-demo-seed';
import {
  createPaymentCodeService,
  resolvePaymentCodeSecret,
} from '../modules/loyalty/payment-codes.service';
import { createCloseDayService } from '../modules/orders/close-day.service';
import { seedDemoOrders } from '../modules/orders/orders-demo-seed';
import { createOrderService } from '../modules/orders/orders.service';
import type { RefundPayoutPort } from '../modules/refunds/automatic-refunds';
import type { RefundDrawers } from '../modules/refunds/refund-booking';
import { seedDemoRefunds } from '../modules/refunds/refunds-demo-seed';
import { createRefundService } from '../modules/refunds/refunds.service';
import type { ShiftService } from '../modules/shifts/shifts.service';
import { createShiftService } from '../modules/shifts/shifts.service';
import { seedDemoCampaigns } from '../modules/voucher-campaigns/campaigns-demo-seed';
import { seedDemoRewards } from '../modules/voucher-rewards/rewards-demo-seed';
import { seedDemoVouchers } from '../modules/vouchers/vouchers-demo-seed';

// The demo data made through the product's own services (db/ may not import modules), so demo
// totals are real prices and the history, refunds and Z-reports are what the API would write.
// The seed builds its services here, on its own connection and a clock it moves to each sale's
// moment, with the collaborators a back-filled history has: it announces nothing, its sales and
// refunds go into no till's drawer, its voids ask no manager's PIN, and its refunds are paid back
// by hand (no provider is asked).

/** A back-filled sale belongs to no till: the history has no shifts. */
const noTill: Pick<ShiftService, 'saleShift'> = { saleShift: async () => null };
/** A back-filled refund comes out of no shift's drawer. */
const noDrawer: RefundDrawers = { drawerOf: async () => ({ shiftId: null, required: false }) };
/** No provider pays the history's refunds back: finance does, by hand. */
const paidByHand: RefundPayoutPort = { plan: async () => false, send: async () => {} };

export interface DemoSeedServiceDeps {
  dataDir: string;
  hasher: PasswordHasher;
  /** The wallet payment codes' signing secret (payment-codes.service's resolvePaymentCodeSecret). */
  paymentCodeSecret: string;
}

/** Builds the seed's services on `db` (the seed's transaction, or the pool) and its clock. */
export const demoSeedServices =
  ({ dataDir, hasher, paymentCodeSecret }: DemoSeedServiceDeps) =>
  (db: Db, now: Clock) => {
    const refunds = createRefundService({
      db,
      now,
      dataDir,
      announce: false,
      payouts: paidByHand,
      drawers: noDrawer,
    });
    // The real PIN rules: the seed's voids of paid orders are a manager's, who needs no PIN.
    const approvals = createApprovalService({ db, hasher, now });
    /** The refunds the orders' rejections asked for, latest last: the seed takes them out. */
    const owed: string[] = [];
    const orders = createOrderService({
      db,
      now,
      announce: false,
      onRefundOwed: async (...args) => {
        const ids = await refunds.refundOwed(...args);
        owed.push(...ids);
        return ids;
      },
      paymentCodes: createPaymentCodeService({ db, now, secret: paymentCodeSecret }),
      shifts: noTill,
      approvals,
      reads: readsFromPrimary(db),
    });
    const shifts = createShiftService({ db, now, approvals });
    const closeDay = createCloseDayService({ db, now, dayShifts: shifts.dayShifts });
    return { orders, refunds, closeDay, owed };
  };

export interface DemoSeedDeps {
  now: Clock;
  config: Config;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
}

/** Seeds the demo orders, refunds, customers, banners, vouchers, campaigns and rewards. */
export async function seedDemoData(database: Database, { now, config, hasher, log }: DemoSeedDeps) {
  const { db } = database;
  // On PostgreSQL one transaction saves a WAL flush per write; embedded PGlite is faster without.
  const oneTransaction = database.kind === 'postgres';
  const services = demoSeedServices({
    dataDir: config.dataDir,
    hasher,
    paymentCodeSecret: await resolvePaymentCodeSecret(db),
  });
  const started = Date.now();
  const { orders } = await seedDemoOrders(db, { now, oneTransaction, services });
  const { refunds } = await seedDemoRefunds(db, { now, services });
  const { customers } = await seedDemoCustomers(db, { now });
  const { banners } = await seedDemoBanners(db, { now, dataDir: config.dataDir });
  const { redemptions } = await seedDemoVouchers(db, { now, oneTransaction, services });
  const vouchersDone = Date.now();
  const campaigns = await seedDemoCampaigns(db, { now, oneTransaction, services });
  const rewards = await seedDemoRewards(db, { now, oneTransaction });
  log.info(
    `Seeded ${orders} demo orders, ${refunds} refunds, ${customers} customers, ${banners} banners and ${redemptions} voucher redemptions in ${Date.now() - started} ms`,
  );
  log.info(
    `Seeded ${campaigns.campaigns} voucher campaigns (${campaigns.issued} codes issued, ${campaigns.redemptions} redeemed) and ${rewards.exchanges} reward exchanges in ${Date.now() - vouchersDone} ms`,
  );
}
