import { codedReason, type PaymentInput } from '@kopi/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { type LedgerActor, postWallet } from '../loyalty/ledgers.service';
import type { PaymentCodeService } from '../loyalty/payment-codes.service';
import { earnForOrder } from '../loyalty/points.service';
import * as customersRepo from './order-customers.repo';

// A counter sale with a customer: one the cashier attached (found or added by phone) or whose
// wallet payment code a payment carries. In the sale's transaction, around the order's own
// statement: before it, the codes are taken and the customer's row locked (whose refusals leave
// nothing written); after it (the ledgers name the order), the wallet is charged per payment
// line and the points are earned. A wallet too low rolls all of it back, the code included.

/** A wallet payment line of the sale and the code that consents to it. */
interface WalletLine {
  lineNo: number;
  amount: number;
  code: string;
}

export interface ClaimedCustomer {
  customer: { id: string; name: string; phone: string };
  /** The codes taken, one per wallet payment line. */
  taken: (WalletLine & { codeId: string })[];
}

/** The sale's wallet payments (line numbers as the order's payments number them). */
export const walletLinesOf = (payments: readonly PaymentInput[]): WalletLine[] =>
  payments.flatMap((p, i) =>
    p.method === 'wallet' ? [{ lineNo: i + 1, amount: p.amount, code: p.payment_code ?? '' }] : [],
  );

const otherCustomer = () =>
  new AppError('payment_code_invalid', {
    message: 'This payment code belongs to another customer than the one on the sale',
  });

/** Before the order is written: takes the codes and locks the sale's customer (null: none). */
export async function claimCounterCustomer(
  tx: Db,
  codes: PaymentCodeService | null,
  sale: { tenantId: string; customerId: string | null; walletLines: WalletLine[]; at: Date },
): Promise<ClaimedCustomer | null> {
  const taken: ClaimedCustomer['taken'] = [];
  let customerId = sale.customerId;
  for (const line of sale.walletLines) {
    if (!codes) throw new AppError('payment_code_invalid');
    const code = await codes.consume(tx, sale.tenantId, line.code, sale.at);
    if (customerId && customerId !== code.customerId) throw otherCustomer();
    customerId = code.customerId;
    taken.push({ ...line, codeId: code.codeId });
  }
  if (!customerId) return null;
  const customer = await customersRepo.lockCustomer(tx, sale.tenantId, customerId);
  if (!customer) throw new AppError('not_found', { message: 'No such customer' });
  if (customer.anonymisedAt) throw new AppError('customer_anonymised');
  if (customer.status !== 'active') throw new AppError('customer_blocked');
  return { customer: { id: customer.id, name: customer.name, phone: customer.phone }, taken };
}

/** After the order row is written: the wallet charges and the points of the sale. */
export async function settleCounterCustomer(
  tx: Db,
  codes: PaymentCodeService | null,
  claimed: ClaimedCustomer,
  sale: { tenantId: string; orderId: string; orderNo: string; paid: number; at: Date },
  actor: LedgerActor,
) {
  const { tenantId, orderId } = sale;
  for (const line of claimed.taken) {
    await codes?.attachOrder(tx, tenantId, line.codeId, orderId);
    await postWallet(tx, {
      tenantId,
      customerId: claimed.customer.id,
      kind: 'spend',
      amount: -line.amount,
      idempotencyKey: `order:${orderId}:wallet:${line.lineNo}`,
      orderId,
      reason: codedReason('order', { order_no: sale.orderNo }),
      refuseBlocked: true,
      actor,
    });
  }
  await earnForOrder(tx, {
    tenantId,
    customerId: claimed.customer.id,
    orderId,
    amount: sale.paid,
    at: sale.at,
  });
}
