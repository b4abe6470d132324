import {
  formatRinggit,
  maskAccountNumber,
  type RefundCreate,
  type RefundStatus,
} from '@kopi/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderItems, orders } from '../../db/schema/orders';
import { tenants } from '../../db/schema/tenancy';
import { ownedBy } from '../../db/tenant-scope';
import type { Clock } from '../../lib/clock';
import { demoStaffContexts } from '../../lib/demo-staff';
import type { RefundService } from './refunds.service';
import { transferSlipPdf } from './transfer-slip-pdf';

// Demo refunds: a handful in every status across the demo outlets, made through the refund
// service like the API (the cashier or admin asks, finance reviews and pays out, a bank transfer
// with the bank's PDF slip as proof), on paid demo orders. Runs after the demo orders; back-filled, so it alerts nobody.

const bank = {
  bank_code: 'MBB',
  account_holder: 'Nurul Aina',
  account_number: '114012345678',
} as const;

/** Each demo refund: how it is asked for and the moves it has made since. */
const plans: {
  kind: RefundCreate['kind'];
  method: RefundCreate['method'];
  path: RefundStatus[];
}[] = [
  { kind: 'amount', method: 'original', path: [] },
  { kind: 'items', method: 'original', path: [] },
  { kind: 'items', method: 'original', path: ['APPROVED'] },
  { kind: 'items', method: 'original', path: ['APPROVED', 'COMPLETED'] },
  { kind: 'full', method: 'original', path: ['APPROVED', 'COMPLETED', 'CLOSED'] },
  { kind: 'amount', method: 'original', path: ['REJECTED'] },
  { kind: 'amount', method: 'original', path: ['REJECTED', 'CLOSED'] },
  { kind: 'amount', method: 'bank_transfer', path: ['APPROVED', 'WAITING TRANSFER'] },
  { kind: 'amount', method: 'bank_transfer', path: ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED'] },
  {
    kind: 'full',
    method: 'bank_transfer',
    path: ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED', 'COMPLETED'],
  },
];
const reasons = ['wrong_item', 'quality_issue', 'missing_item', 'customer_changed_mind'] as const;

export interface DemoRefundOptions {
  now: Clock;
  tenantSlug?: string;
  /**
   * The refunds service, on the seed's connection, announcing nothing; the back-filled history
   * has no tills, so its refunds go into no shift's drawer (composition/demo-seed.ts).
   */
  services: (
    db: Db,
    now: Clock,
  ) => {
    refunds: Pick<RefundService, 'create' | 'move' | 'setProof'>;
  };
}

export async function seedDemoRefunds(db: Db, options: DemoRefundOptions) {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, options.tenantSlug ?? 'kopi-demo'));
  if (!tenant) return { refunds: 0 };
  const staff = await demoStaffContexts(db, tenant.id, ['admin', 'cashier', 'finance']);
  const admin = staff.get('admin');
  const finance = staff.get('finance');
  if (!admin || !finance) return { refunds: 0 };
  // Paid, finished orders, oldest first, spread over the outlets.
  const candidates = await db
    .select({ id: orders.id, outletId: orders.outletId, paid: orders.paid })
    .from(orders)
    .where(
      and(
        ownedBy(orders, tenant.id),
        inArray(orders.status, ['COMPLETED', 'CLOSED']),
        gt(orders.paid, 0),
        // Paid without cash, so `original` can take back any part of what was paid (a split
        // with cash leaves only the card's share to an `original` refund).
        sql`not ('cash' = any(${orders.paymentMethods}))`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(200);
  const byOutlet = new Map<string, typeof candidates>();
  for (const o of candidates) byOutlet.set(o.outletId, [...(byOutlet.get(o.outletId) ?? []), o]);
  const lists = [...byOutlet.values()];
  const service = options.services(db, options.now).refunds;
  let made = 0;
  for (const [i, plan] of plans.entries()) {
    const order = lists[i % lists.length]?.[Math.floor(i / lists.length)];
    if (!order) continue;
    const cashier = staff.get('cashier');
    const asker = cashier && cashier.principal.outletId === order.outletId ? cashier : admin;
    const [item] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(ownedBy(orderItems, tenant.id), eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.lineNo))
      .limit(1);
    const refund = await service.create(
      asker,
      {
        order_id: order.id,
        kind: plan.kind,
        method: plan.method,
        reason: reasons[i % reasons.length]!,
        ...(plan.kind === 'items' ? { items: [{ order_item_id: item!.id, quantity: 1 }] } : {}),
        ...(plan.kind === 'amount' ? { amount: Math.max(1, Math.floor(order.paid / 4)) } : {}),
        ...(plan.method === 'bank_transfer' ? { bank } : {}),
      },
      null,
    );
    for (const status of plan.path) {
      // Finance attaches the bank's slip as it records the transfer.
      if (status === 'TRANSFERED') {
        const slip = transferSlipPdf([
          'Maybank2u - Funds transfer successful',
          `Reference: MBB${String(100_000 + i)}`,
          `Amount: ${formatRinggit(refund.amount)}`,
          `To: ${bank.account_holder}, Maybank ${maskAccountNumber(bank.account_number)}`,
          `For: refund ${refund.refund_no}`,
        ]);
        await service.setProof(finance, refund.id, slip);
      }
      await service.move(finance, refund.id, {
        status,
        ...(status === 'REJECTED' ? { reason: 'Not refundable: the drink was finished' } : {}),
        ...(status === 'TRANSFERED' ? { transfer_reference: `MBB${String(100_000 + i)}` } : {}),
      });
    }
    made++;
  }
  return { refunds: made };
}
