import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/access';
import { refunds } from '../../db/schema/refunds';
import { createPasswordHasher } from '../../lib/password';
import { demoOutletIds } from '../catalogue-fixtures';
import { addProduct, cardSale } from '../order-fixtures';
import { amountRefund, paidOrder } from '../refund-fixtures';
import { testHashing } from '../test-app';
import type { DriverSet } from './walk';

// Refunds at the POS: a card sale refunded at the counter by the admin, approved by the
// manager's PIN (someone else always approves a counter refund).

let counter = 0;
const PIN = '8642';

export const posRefundDrivers: DriverSet = ({ t, as }) => ({
  'POST /api/pos/refunds': async () => {
    const [manager] = await t.database.db
      .update(users)
      .set({ pinHash: await createPasswordHasher(testHashing).hash(PIN), pinLockedAt: null })
      .where(eq(users.username, 'manager'))
      .returning({ id: users.id });
    const product = await addProduct(t, { sku: `REUSE-POS-${++counter}`, price: 500 });
    const { kl } = await demoOutletIds(t);
    const order = await paidOrder(t, as.admin, cardSale(kl, product.id, 530));
    const refund = (amount: number) =>
      amountRefund(order.id, amount, {
        approval: { approver_id: manager!.id, pin: PIN, device_id: 'reuse-walk-device' },
      });
    return {
      url: '/api/pos/refunds',
      first: refund(100),
      second: refund(200),
      effect: () => t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    };
  },
});
