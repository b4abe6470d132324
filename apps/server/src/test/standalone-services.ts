import { randomBytes } from 'node:crypto';
import { readsFromPrimary } from '../db/read-replica';
import type { Clock } from '../lib/clock';
import { createPasswordHasher } from '../lib/password';
import { createApprovalService } from '../modules/approvals/approvals.service';
import {
  createPaymentCodeService,
  resolvePaymentCodeSecret,
} from '../modules/loyalty/payment-codes.service';
import { createPaymentGatewayService } from '../modules/payments/accounts/payment-gateways.service';
import type { RefundPayoutPort } from '../modules/refunds/automatic-refunds';
import { createRefundService } from '../modules/refunds/refunds.service';
import { createShiftService } from '../modules/shifts/shifts.service';
import { type TestApp, testHashing } from './test-app';

// Services built beside a test app on its database, as a script or a second server would build
// them: each handed its collaborators explicitly, as composition/commerce-services.ts does, but
// with no till for a counter sale and no provider asked to pay a refund back (finance does).

/** No provider pays these refunds back: they wait for finance, as a cash or card refund does. */
export const refundsPaidByHand: RefundPayoutPort = {
  plan: async () => false,
  send: async () => {},
};

/** The approvals (a manager's PIN) on the test app's database. */
export const standaloneApprovals = (t: TestApp, now: Clock) =>
  createApprovalService({ db: t.database.db, hasher: createPasswordHasher(testHashing), now });

/** No business's gateway: an empty credentials key and no account to connect. */
export const noGateways = (t: TestApp, now: Clock) =>
  createPaymentGatewayService({
    db: t.database.db,
    now,
    key: randomBytes(32),
    appUrl: 'http://localhost',
    baseUrls: {},
  });

/**
 * What an order service (or the customer's) is built with: refunds asked for through a refunds
 * service of its own, payment codes, approvals, the primary for reads, and no till.
 */
export async function standaloneOrderDeps(t: TestApp, now: Clock) {
  const db = t.database.db;
  const approvals = standaloneApprovals(t, now);
  const drawers = createShiftService({ db, now, approvals });
  const refunds = createRefundService({
    db,
    now,
    dataDir: t.config.dataDir,
    payouts: refundsPaidByHand,
    drawers,
  });
  return {
    db,
    now,
    onRefundOwed: refunds.refundOwed,
    paymentCodes: createPaymentCodeService({
      db,
      now,
      secret: await resolvePaymentCodeSecret(db),
    }),
    shifts: { saleShift: async () => null },
    approvals,
    reads: readsFromPrimary(db),
    refunds,
  };
}
