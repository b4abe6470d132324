import type {
  MobileWalletEntry,
  WalletAdjustment,
  WalletEntry,
  WalletEntryKind,
} from '@kopi/contract';
import { reasonFields } from '../../lib/coded-reason';
import type { WalletEntryRow } from './ledgers.repo';
import type { AdjustmentWithCustomer } from './wallet-adjustments.repo';

// The wallet's rows as the API shows them.

/** An entry with what lists join to it: the order's number, the customer's name and phone. */
export interface EntryView {
  entry: WalletEntryRow;
  orderNo: string | null;
  orderDate: string | null;
  customerName?: string;
  customerPhone?: string;
}

export const toWalletEntry = ({
  entry,
  orderNo,
  orderDate,
  customerName,
  customerPhone,
}: EntryView): WalletEntry => ({
  id: entry.id,
  customer_id: entry.customerId,
  ...(customerName === undefined ? {} : { customer_name: customerName }),
  ...(customerPhone === undefined ? {} : { customer_phone: customerPhone }),
  kind: entry.kind as WalletEntryKind,
  amount: entry.amount,
  balance_after: entry.balanceAfter,
  order_id: entry.orderId,
  order_no: orderNo,
  order_date: orderDate,
  refund_id: entry.refundId,
  ...reasonFields(entry),
  actor_kind: entry.actorKind as WalletEntry['actor_kind'],
  actor_name: entry.actorName,
  created_at: entry.createdAt.toISOString(),
});

export const toMobileWalletEntry = ({ entry, orderNo }: EntryView): MobileWalletEntry => ({
  id: entry.id,
  kind: entry.kind as WalletEntryKind,
  amount: entry.amount,
  balance_after: entry.balanceAfter,
  order_id: entry.orderId,
  order_no: orderNo,
  created_at: entry.createdAt.toISOString(),
});

/** An adjustment as `callerId` sees it: they may decide it if pending and not theirs. */
export const toAdjustment = (
  { adjustment: a, customerName }: AdjustmentWithCustomer,
  callerId: string,
): WalletAdjustment => ({
  id: a.id,
  customer_id: a.customerId,
  customer_name: customerName,
  amount: a.amount,
  reason: a.reason,
  status: a.status as WalletAdjustment['status'],
  requested_by: a.requestedByName,
  decided_by: a.decidedByName,
  decided_at: a.decidedAt?.toISOString() ?? null,
  created_at: a.createdAt.toISOString(),
  can_decide: a.status === 'pending' && a.requestedBy !== callerId,
});
