import type { OrderLoyalty } from '@kopi/contract';
import type { Db } from '../../db/database';
import * as repo from './receipt-balances.repo';

// The loyalty lines of a sale's receipt. A paid order's `earn` entry fixes the moment: its points
// and the points balance after it, and the wallet balance at the same time (after the sale's own
// wallet payment), so a reprint tomorrow prints what the customer had after this sale. An order
// that earned nothing (unpaid, or too small for a point) prints the balances as they are now.

export async function loyaltyOfOrder(
  db: Db,
  tenantId: string,
  customerId: string,
  orderId: string,
): Promise<OrderLoyalty | null> {
  const earn = await repo.earnOfOrder(db, tenantId, customerId, orderId);
  if (earn) {
    return {
      points_earned: earn.points,
      points_balance: earn.balanceAfter,
      wallet_balance: await repo.walletBalanceAt(db, tenantId, customerId, earn.at),
    };
  }
  const now = await repo.balancesNow(db, tenantId, customerId);
  return now && { points_earned: 0, points_balance: now.points, wallet_balance: now.wallet };
}
