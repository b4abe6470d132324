import {
  lineShares,
  messageKey,
  type PaymentMethod,
  type Refundable,
  type RefundCreate,
  refundMethodsFor,
  unitsRefundAmount,
} from '@kopi/contract';
import { AppError, validationError } from '../../lib/errors';

// What an order may still give back, and what a new refund takes, as pure functions of the
// order's state (read with the order row locked when a refund is created). Never more than what
// was paid: the counting refunds (completed and in flight) of the order together, and those going
// back to each payment method. A bank transfer counts against the order's total only; so does a
// refund to the customer's wallet (method `wallet`, an order with a customer only), which goes
// back by the wallet whatever paid for the order. An `original` refund of a wallet payment goes
// back to the wallet too.

export interface RefundState {
  paid: number;
  /** What completed refunds gave back (orders.refunded). */
  refunded: number;
  items: {
    id: string;
    name: string;
    nameMy: string | null;
    quantity: number;
    lineTotal: number;
    refundedQty: number;
  }[];
  /** What was paid by each method, in the order of the payments. */
  payments: { method: string; amount: number }[];
  /** The counting refunds by the payment method they go back to (null: bank transfer). */
  counted: { paymentMethod: string | null; amount: number }[];
  /** The order's customer (an app order, or a counter sale with one), whose wallet may take it. */
  customerId: string | null;
}

export interface RefundPlan {
  amount: number;
  paymentMethod: string | null;
  items: { orderItemId: string; quantity: number; amount: number }[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function remainders(s: RefundState) {
  const remaining = s.paid - sum(s.counted.map((c) => c.amount));
  const byMethod = s.payments.map((p) => {
    const counted = sum(s.counted.filter((c) => c.paymentMethod === p.method).map((c) => c.amount));
    // Refunds to the wallet may take more than the wallet paid: never below nothing left.
    const left = Math.max(Math.min(p.amount - counted, remaining), 0);
    return { method: p.method, paid: p.amount, remaining: left };
  });
  return { remaining, byMethod };
}

/** GET /api/orders/{id}/refundable. */
export function refundableOf(s: RefundState): Refundable {
  const { remaining, byMethod } = remainders(s);
  const shares = lineShares(
    s.items.map((i) => ({ line_total: i.lineTotal, quantity: i.quantity })),
    s.paid,
  );
  return {
    paid: s.paid,
    refunded: s.paid - remaining,
    remaining,
    by_method: byMethod.map((m) => ({ ...m, method: m.method as PaymentMethod })),
    items: s.items.map((i, n) => {
      const left = Math.max(i.quantity - i.refundedQty, 0);
      return {
        order_item_id: i.id,
        name: i.name,
        name_my: i.nameMy,
        quantity: i.quantity,
        refundable_quantity: left,
        unit_amount: left > 0 ? unitsRefundAmount(shares[n]!, i.quantity, i.refundedQty, 1) : 0,
      };
    }),
  };
}

const exceeds = (message: string) => new AppError('refund_exceeds_paid', { message });
const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

function itemsPlan(s: RefundState, wanted: NonNullable<RefundCreate['items']>) {
  const shares = lineShares(
    s.items.map((i) => ({ line_total: i.lineTotal, quantity: i.quantity })),
    s.paid,
  );
  // The same line named twice is one request for both quantities.
  const merged = new Map<string, number>();
  for (const w of wanted)
    merged.set(w.order_item_id, (merged.get(w.order_item_id) ?? 0) + w.quantity);
  return [...merged].map(([orderItemId, quantity]) => {
    const n = s.items.findIndex((i) => i.id === orderItemId);
    const item = s.items[n];
    if (!item) throw new AppError('refund_item_unknown');
    if (quantity > item.quantity - item.refundedQty) {
      throw exceeds(
        `Only ${Math.max(item.quantity - item.refundedQty, 0)} of ${item.name} can still be refunded`,
      );
    }
    const amount = unitsRefundAmount(shares[n]!, item.quantity, item.refundedQty, quantity);
    return { orderItemId, quantity, amount };
  });
}

/** The payment method the money goes back to, refusing a method the order was not paid by. */
function methodFor(
  method: RefundCreate['method'],
  byMethod: { method: string; remaining: number }[],
  amount: number | null,
): { method: string | null; remaining: number | null } {
  if (method === 'bank_transfer') return { method: null, remaining: null };
  if (method === 'wallet') return { method: 'wallet', remaining: null };
  const candidates = byMethod.filter((m) => (method === 'cash') === (m.method === 'cash'));
  if (candidates.length === 0) throw new AppError('refund_method_unavailable');
  // Of several non-cash payments, the first that can take the whole refund (or, for a full
  // refund, the first with anything left).
  const fits = candidates.find((m) => (amount === null ? m.remaining > 0 : m.remaining >= amount));
  const chosen = fits ?? candidates[0]!;
  return { method: chosen.method, remaining: chosen.remaining };
}

/** What a new refund takes, or the reason it is refused. */
export function planRefund(s: RefundState, input: RefundCreate): RefundPlan {
  if (s.paid <= 0 || s.refunded >= s.paid) throw new AppError('refund_order_not_paid');
  if (input.method === 'wallet' && !s.customerId) throw new AppError('refund_needs_customer');
  // The contract's rule, which the screens offer from too.
  if (
    !refundMethodsFor(s.payments, { hasCustomer: s.customerId !== null }).includes(input.method)
  ) {
    throw new AppError('refund_method_unavailable');
  }
  const { remaining, byMethod } = remainders(s);
  const items = input.kind === 'items' ? itemsPlan(s, input.items ?? []) : [];
  let amount: number | null =
    input.kind === 'items'
      ? sum(items.map((i) => i.amount))
      : input.kind === 'amount'
        ? input.amount!
        : null;
  const target = methodFor(input.method, byMethod, amount);
  // A full refund gives back what remains: by its method, or of the order (bank transfer, wallet).
  if (amount === null) amount = target.remaining ?? remaining;
  if (amount <= 0 && remaining > 0 && input.kind === 'items') {
    throw validationError([{ path: 'items', message: messageKey('min_value', { min: 1 }) }]);
  }
  if (amount <= 0 || amount > remaining) {
    throw exceeds(`${ringgit(Math.max(remaining, 0))} remains refundable on this order`);
  }
  if (target.remaining !== null && amount > target.remaining) {
    throw exceeds(
      `${ringgit(Math.max(target.remaining, 0))} remains refundable by ${target.method} on this order`,
    );
  }
  return { amount, paymentMethod: target.method, items };
}
