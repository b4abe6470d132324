import {
  cashTenderedSchema,
  MAX_CASH_TENDERED,
  priceOrder,
  type OrderCreate,
  type PaymentInput,
  type CounterPaymentMethod,
  type PaymentMethod,
  type PosContext,
  type PosMenuProduct,
  type PricingLine,
  type PricingResult,
  type ServingMethod,
  type WalletPaymentCodeInfo,
} from '@kopi/contract';
import { posTillField } from '../../lib/pos-till';
import type { Cart, CartLine } from './cart';

// Totals and payments of a sale. Totals come from the contract's priceOrder, the function the
// server prices the sale with, so the preview cannot disagree with the receipt.

/** The line as the server will price it: today's menu price and option/add-on prices. */
export function pricingLine(
  line: CartLine,
  menu: ReadonlyMap<string, PosMenuProduct>,
): PricingLine {
  const product = menu.get(line.product_id);
  const optionPrice = (id: string, fallback: number) => {
    for (const g of product?.variant_groups ?? []) {
      const o = g.options.find((x) => x.id === id);
      if (o) return o.price;
    }
    return fallback;
  };
  return {
    unit_price: product?.price ?? line.unit_price,
    option_prices: line.options.map((o) => optionPrice(o.id, o.price)),
    addon_prices: line.addons.map(
      (a) => product?.addons.find((x) => x.id === a.id)?.price ?? a.price,
    ),
    quantity: line.quantity,
  };
}

/**
 * Cash rounding applies only when the whole bill is paid in cash — the server's rule
 * (orders.service.ts: `paid_in_cash: payments.every(cash)`); a split with any other method is
 * not rounded.
 */
export const isAllCash = (methods: readonly PaymentMethod[]) =>
  methods.length > 0 && methods.every((m) => m === 'cash');

export function saleTotals(
  cart: Pick<Cart, 'lines'> & Partial<Pick<Cart, 'manual_discount'>>,
  serving: ServingMethod,
  context: PosContext,
  menu: ReadonlyMap<string, PosMenuProduct>,
  paidInCash: boolean,
  /** The checked voucher's discount, in sen; the manual discount comes off what is left. */
  voucherDiscount = 0,
): PricingResult {
  return priceOrder({
    lines: cart.lines.map((l) => pricingLine(l, menu)),
    discount: voucherDiscount,
    // Priced as the server prices it: the same function, before service charge and SST.
    manual_discount: cart.manual_discount ?? null,
    serving_method: serving,
    delivery_fee: context.outlet.delivery_fee,
    paid_in_cash: paidInCash,
    settings: context.pricing,
  });
}

/** A customer's wallet payment code the POS checked: whose wallet, and what it holds. */
export interface WalletCheck {
  code: string;
  info: WalletPaymentCodeInfo;
}

/** A payment already taken in a split bill. */
export interface PaymentPart {
  method: CounterPaymentMethod;
  amount: number;
  /** Cash handed over (cash only). */
  tendered: number | null;
  reference: string;
  /** The checked payment code (wallet only). */
  wallet: WalletCheck | null;
}

/** The payment being entered now. */
export interface PaymentEntry {
  method: CounterPaymentMethod;
  /** Null: whatever is still due (for the wallet, at most its balance). */
  amount: number | null;
  tendered: number | null;
  reference: string;
  wallet: WalletCheck | null;
}

export const newEntry = (method: CounterPaymentMethod = 'cash'): PaymentEntry => ({
  method,
  amount: null,
  tendered: null,
  reference: '',
  wallet: null,
});

export type PaymentProblem =
  | { kind: 'overpaid'; by: number }
  | { kind: 'amountMissing' }
  | { kind: 'amountTooHigh'; due: number }
  | { kind: 'tenderedMissing' }
  | { kind: 'tenderedShort'; amount: number }
  | { kind: 'tenderedTooHigh'; max: number }
  | { kind: 'referenceMissing' }
  | { kind: 'walletCodeMissing' }
  | { kind: 'walletOtherCustomer'; name: string }
  | { kind: 'walletShort'; balance: number }
  | { kind: 'stillDue'; due: number };

export interface PaymentView {
  /** What the bill comes to with these methods (rounded only when all cash). */
  totals: PricingResult;
  /** Settled by the payments taken so far. */
  taken: number;
  /** Still due before the payment being entered. */
  remaining: number;
  /** What the payment being entered settles. */
  amount: number;
  /** Change of the payment being entered (cash), else 0. */
  change: number;
  /** The entered payment can be added as part of a split (it leaves some of the bill due). */
  canAddPart: boolean;
  /** The payments settle the bill exactly: the sale can be sent. */
  canConfirm: boolean;
  /** Why the sale cannot be sent yet (the first reason), or null. */
  problem: PaymentProblem | null;
  /** The payments the sale would send. */
  payments: PaymentInput[];
  /** The customer whose wallet pays part of the sale, or null. */
  walletCustomerId: string | null;
}

function toInput(p: PaymentPart): PaymentInput {
  if (p.method === 'cash')
    return {
      method: 'cash',
      amount: p.amount,
      ...(p.tendered !== null ? { tendered: p.tendered } : {}),
    };
  if (p.method === 'wallet')
    return { method: 'wallet', amount: p.amount, payment_code: p.wallet?.code ?? '' };
  return { method: p.method, amount: p.amount, reference: p.reference.trim() };
}

/** What a payment settles unless the cashier types an amount: what is due, at most the wallet's balance. */
export function defaultAmount(entry: PaymentEntry, remaining: number): number {
  const balance = entry.method === 'wallet' ? (entry.wallet?.info.balance ?? 0) : Infinity;
  return Math.max(0, Math.min(balance, remaining));
}

/** Why a wallet payment cannot be taken as entered, or null. */
function walletProblem(
  entry: PaymentEntry,
  amount: number,
  customerId: string | null,
): PaymentProblem | null {
  if (entry.method !== 'wallet') return null;
  if (!entry.wallet) return { kind: 'walletCodeMissing' };
  const { info } = entry.wallet;
  // The server refuses a code of someone else than the customer on the sale.
  if (customerId && info.customer_id !== customerId)
    return { kind: 'walletOtherCustomer', name: info.customer_name };
  if (amount > info.balance || info.balance <= 0)
    return { kind: 'walletShort', balance: info.balance };
  return null;
}

/**
 * Everything the payment panel shows and allows, from the parts taken and the entry.
 * `customerId` is the customer attached to the sale, whom a wallet payment must belong to.
 */
export function paymentView(
  parts: readonly PaymentPart[],
  entry: PaymentEntry,
  price: (paidInCash: boolean) => PricingResult,
  customerId: string | null = null,
): PaymentView {
  const allCash = isAllCash([...parts.map((p) => p.method), entry.method]);
  const totals = price(allCash);
  const taken = parts.reduce((n, p) => n + p.amount, 0);
  const remaining = totals.total - taken;
  const amount = entry.amount ?? defaultAmount(entry, remaining);
  const isCash = entry.method === 'cash';
  const walletPart = parts.find((p) => p.wallet) ?? null;
  const change = isCash && entry.tendered !== null ? Math.max(0, entry.tendered - amount) : 0;

  // The payments taken already settle the bill (the total moved by a rounding sen or two).
  if (parts.length > 0 && remaining === 0) {
    return {
      totals,
      taken,
      remaining,
      amount: 0,
      change: 0,
      canAddPart: false,
      canConfirm: true,
      problem: null,
      payments: parts.map(toInput),
      walletCustomerId: walletPart?.wallet?.info.customer_id ?? null,
    };
  }

  let entryProblem: PaymentProblem | null = null;
  if (remaining < 0) entryProblem = { kind: 'overpaid', by: -remaining };
  else if (walletProblem(entry, amount, customerId))
    entryProblem = walletProblem(entry, amount, customerId);
  else if (amount <= 0 && totals.total > 0) entryProblem = { kind: 'amountMissing' };
  else if (amount > remaining) entryProblem = { kind: 'amountTooHigh', due: remaining };
  else if (isCash && entry.tendered === null) entryProblem = { kind: 'tenderedMissing' };
  else if (isCash && entry.tendered !== null && entry.tendered < amount)
    entryProblem = { kind: 'tenderedShort', amount };
  // The contract's limit, so the till refuses what the server would.
  else if (isCash && !cashTenderedSchema.safeParse(entry.tendered).success)
    entryProblem = { kind: 'tenderedTooHigh', max: MAX_CASH_TENDERED };
  else if (!isCash && entry.method !== 'wallet' && !entry.reference.trim())
    entryProblem = { kind: 'referenceMissing' };

  const current = entryToPart(entry, amount);
  const settles = amount === remaining;
  const problem: PaymentProblem | null =
    entryProblem ?? (settles ? null : { kind: 'stillDue', due: remaining - amount });
  return {
    totals,
    taken,
    remaining,
    amount,
    change,
    canAddPart: entryProblem === null && !settles && amount > 0,
    canConfirm: problem === null,
    problem,
    payments: [...parts, current].map(toInput),
    walletCustomerId: (walletPart ?? current).wallet?.info.customer_id ?? null,
  };
}

/** A payment entry turned into a part of a split bill. */
export const entryToPart = (entry: PaymentEntry, amount: number): PaymentPart => ({
  method: entry.method,
  amount,
  tendered: entry.method === 'cash' ? entry.tendered : null,
  reference: entry.method === 'cash' || entry.method === 'wallet' ? '' : entry.reference.trim(),
  wallet: entry.method === 'wallet' ? entry.wallet : null,
});

/** The cart's lines as a sale sends them (the voucher check sends the same). */
export const saleItems = (cart: Pick<Cart, 'lines'>): OrderCreate['items'] =>
  cart.lines.map((l) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    option_ids: l.options.map((o) => o.id),
    addon_ids: l.addons.map((a) => a.id),
    ...(l.notes ? { notes: l.notes } : {}),
  }));

/**
 * The POST /api/orders body of a sale. Its customer is the one attached, else the one whose
 * wallet pays (`walletCustomerId`): either way the sale earns their points. `voucherCode` is the
 * voucher whose last check applied to this cart; the server checks it again.
 */
export function saleBody(
  outletId: string,
  cart: Cart,
  payments: PaymentInput[],
  allowOutsideHours: boolean,
  walletCustomerId: string | null = null,
  voucherCode: string | null = null,
): OrderCreate {
  const customerId = cart.customer?.id ?? walletCustomerId;
  const serving = cart.serving_method ?? 'pick_up';
  const text = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    outlet_id: outletId,
    serving_method: serving,
    table_no: serving === 'dine_in' ? text(cart.table_no) : undefined,
    delivery_address: serving === 'delivery' ? text(cart.delivery_address) : undefined,
    customer_phone: text(cart.customer_phone.replace(/[\s-]/g, '')),
    customer_name: text(cart.customer_name),
    ...(customerId ? { customer_id: customerId } : {}),
    items: saleItems(cart),
    discount: 0,
    ...(cart.manual_discount
      ? {
          manual_discount: {
            ...cart.manual_discount,
            note: cart.manual_discount.note?.trim() || undefined,
          },
        }
      : {}),
    ...(voucherCode ? { voucher_code: voucherCode } : {}),
    payments,
    allow_outside_hours: allowOutsideHours,
    // The till this device rings up on: the sale goes into that till's open shift.
    ...posTillField(outletId),
  };
}

/** Quick cash buttons, in sen. */
export const quickCash = [500, 1000, 2000, 5000, 10000] as const;

/**
 * A quick-cash note added to the cash received so far, as the customer hands notes over one by
 * one: RM 5 twice is RM 10, RM 50 and RM 5 is RM 55. Clear starts again; Exact replaces it.
 */
export const addQuickCash = (tendered: number | null, note: number): number =>
  (tendered ?? 0) + note;

/** The cart fields a sale's issue can be about (the rest are lines and payments). */
const issueFields = ['table_no', 'delivery_address', 'customer_phone', 'customer_name'] as const;
export type IssueField = (typeof issueFields)[number];

/**
 * What an issue of the sale body (its path, as the contract's schema gives it) is about, in words
 * the cashier knows: the cart line's name, the payment's method or the field's label; null when
 * it is about the sale as a whole. A path like `items.2.notes` means nothing at the till.
 */
export function issueSubject(
  path: readonly PropertyKey[],
  sale: Pick<OrderCreate, 'payments'> & { lines: readonly { name: string }[] },
  labels: { field: (f: IssueField) => string; method: (m: PaymentMethod) => string },
): string | null {
  const [head, index] = path;
  if (typeof index === 'number' && head === 'items') return sale.lines[index]?.name ?? null;
  if (typeof index === 'number' && head === 'payments') {
    const method = sale.payments[index]?.method;
    return method ? labels.method(method) : null;
  }
  return head !== undefined && (issueFields as readonly PropertyKey[]).includes(head)
    ? labels.field(head as IssueField)
    : null;
}
