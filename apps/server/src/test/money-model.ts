import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/database';

// A plain model of the money rules (docs/decisions/049-money-rules.md), written apart from the
// product's code: it reads a tenant's raw rows, decides what each one counts as by the rules
// written out below, and sums the figures by hand. Tests hold every screen's figures to it. It
// shares nothing with the product but the tables: no SQL function, no contract helper.

/** Paid and not rejected: a sale. Written out here on purpose, not imported. */
const SALE = new Set(['PENDING', 'APPROVED', 'COMPLETED', 'CLOSED']);
/** A refund that paid money back. */
const PAID_BACK = new Set(['COMPLETED', 'CLOSED']);

export interface BookOrder {
  id: string;
  order_no: string;
  outlet_id: string;
  business_date: string;
  source: string;
  serving_method: string;
  status: string;
  shift_id: string | null;
  subtotal: number;
  discount: number;
  service_charge: number;
  service_tax: number;
  delivery_fee: number;
  rounding: number;
  total: number;
}
export interface BookPayment {
  order_id: string;
  method: string;
  amount: number;
}
export interface BookItem {
  id: string;
  order_id: string;
  product_id: string;
  quantity: number;
  line_total: number;
}
export interface BookRefund {
  id: string;
  order_id: string;
  outlet_id: string;
  status: string;
  business_date: string | null;
  paid_by: string;
  amount: number;
  shift_id: string | null;
}
export interface BookRefundItem {
  refund_id: string;
  order_item_id: string;
  quantity: number;
  amount: number;
}
export interface BookShift {
  id: string;
  outlet_id: string;
  status: string;
  opening_float: number;
  expected: number | null;
}
export interface BookMovement {
  shift_id: string;
  kind: string;
  amount: number;
}
export interface BookWalletEntry {
  customer_id: string;
  kind: string;
  amount: number;
}

/** A tenant's raw rows: what the model reads, nothing derived. */
export interface Books {
  orders: BookOrder[];
  payments: BookPayment[];
  items: BookItem[];
  refunds: BookRefund[];
  refundItems: BookRefundItem[];
  shifts: BookShift[];
  movements: BookMovement[];
  wallet: BookWalletEntry[];
}

export async function readBooks(db: Db, tenantId: string): Promise<Books> {
  const read = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const t = sql`${tenantId}::uuid`;
  return {
    orders: await read<BookOrder>(sql`
      select id::text, order_no, outlet_id::text, business_date::text, source, serving_method,
        status, shift_id::text, subtotal, discount, service_charge, service_tax, delivery_fee,
        rounding, total
      from orders where tenant_id = ${t}`),
    payments: await read<BookPayment>(sql`
      select order_id::text, method, amount from order_payments where tenant_id = ${t}`),
    items: await read<BookItem>(sql`
      select id::text, order_id::text, product_id::text, quantity, line_total
      from order_items where tenant_id = ${t}`),
    refunds: await read<BookRefund>(sql`
      select id::text, order_id::text, outlet_id::text, status, business_date::text,
        coalesce(payment_method, 'bank_transfer') as paid_by, amount, shift_id::text
      from refunds where tenant_id = ${t}`),
    refundItems: await read<BookRefundItem>(sql`
      select ri.refund_id::text, ri.order_item_id::text, ri.quantity, ri.amount
      from refund_items ri join refunds r on r.id = ri.refund_id where r.tenant_id = ${t}`),
    shifts: await read<BookShift>(sql`
      select id::text, outlet_id::text, status, opening_float, expected
      from shifts where tenant_id = ${t}`),
    movements: await read<BookMovement>(sql`
      select shift_id::text, kind, amount from cash_movements where tenant_id = ${t}`),
    wallet: await read<BookWalletEntry>(sql`
      select customer_id::text, kind, amount from wallet_entries where tenant_id = ${t}`),
  };
}

export type CountsAs = 'sale' | 'void' | 'rejected' | 'unpaid';

/** The money model over a tenant's books. */
export function moneyModel(b: Books) {
  const orderById = new Map(b.orders.map((o) => [o.id, o]));
  const itemById = new Map(b.items.map((i) => [i.id, i]));
  const paidOf = new Map<string, number>();
  for (const p of b.payments) paidOf.set(p.order_id, (paidOf.get(p.order_id) ?? 0) + p.amount);

  /** Sale, void (paid then rejected), rejected before any payment, or still unpaid (CREATED). */
  const countsAs = (o: BookOrder): CountsAs =>
    SALE.has(o.status)
      ? 'sale'
      : o.status === 'REJECTED'
        ? (paidOf.get(o.id) ?? 0) > 0
          ? 'void'
          : 'rejected'
        : 'unpaid';
  const sales = b.orders.filter((o) => countsAs(o) === 'sale');
  const paidBack = b.refunds.filter((r) => PAID_BACK.has(r.status) && r.business_date !== null);
  const orderOf = (r: { order_id: string }) => orderById.get(r.order_id)!;
  const refundCountsAs = (r: BookRefund) => (countsAs(orderOf(r)) === 'sale' ? 'sale' : 'void');
  const saleRefunds = paidBack.filter((r) => refundCountsAs(r) === 'sale');
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((s, r) => s + pick(r), 0);

  /** The sales figures of a set of orders and refunds, as every report row shows them. */
  function salesFigures(orders: BookOrder[], refunds: BookRefund[]) {
    const s = orders.filter((o) => countsAs(o) === 'sale');
    const rejected = orders.filter((o) => o.status === 'REJECTED');
    const gross = sum(s, (o) => o.subtotal);
    const discount = sum(s, (o) => o.discount);
    const service_charge = sum(s, (o) => o.service_charge);
    const service_tax = sum(s, (o) => o.service_tax);
    const delivery_fee = sum(s, (o) => o.delivery_fee);
    const rounding = sum(s, (o) => o.rounding);
    return {
      orders: s.length,
      gross,
      discount,
      service_charge,
      service_tax,
      delivery_fee,
      rounding,
      // DESIGN §3: the total is built from its parts; the stored totals must agree (checked below).
      net: gross - discount + service_charge + service_tax + delivery_fee + rounding,
      refunds: sum(
        refunds.filter((r) => refundCountsAs(r) === 'sale'),
        (r) => r.amount,
      ),
      rejected: rejected.length,
      rejected_total: sum(rejected, (o) => o.total),
    };
  }

  /** Report rows of a grouping over [from, to] (and an outlet): key → figures. */
  function reportBy(
    group: 'day' | 'outlet' | 'source' | 'serving_method',
    range: { from: string; to: string; outletId?: string },
  ) {
    const inRange = (day: string | null, outlet: string) =>
      day !== null &&
      day >= range.from &&
      day <= range.to &&
      (!range.outletId || range.outletId === outlet);
    const keyOfOrder = (o: BookOrder) =>
      group === 'day' ? o.business_date : group === 'outlet' ? o.outlet_id : o[group];
    const keyOfRefund = (r: BookRefund) =>
      group === 'day'
        ? r.business_date!
        : group === 'outlet'
          ? r.outlet_id
          : orderOf(r)[group as 'source' | 'serving_method'];
    const orders = b.orders.filter((o) => inRange(o.business_date, o.outlet_id));
    const refunds = paidBack.filter((r) => inRange(r.business_date, r.outlet_id));
    const keys = new Set([...orders.map(keyOfOrder), ...refunds.map(keyOfRefund)]);
    return new Map(
      [...keys].map((k) => [
        k,
        salesFigures(
          orders.filter((o) => keyOfOrder(o) === k),
          refunds.filter((r) => keyOfRefund(r) === k),
        ),
      ]),
    );
  }

  /** Payment lines of the range's sales by method, and refunds of sales by what they went by. */
  function paymentsBy(range: { from: string; to: string; outletId?: string }) {
    const ok = (day: string | null, outlet: string) =>
      day !== null &&
      day >= range.from &&
      day <= range.to &&
      (!range.outletId || outlet === range.outletId);
    const methods = new Map<string, { payments: number; amount: number }>();
    for (const p of b.payments) {
      const o = orderOf(p);
      if (countsAs(o) !== 'sale' || !ok(o.business_date, o.outlet_id)) continue;
      const m = methods.get(p.method) ?? { payments: 0, amount: 0 };
      m.payments += 1;
      m.amount += p.amount;
      methods.set(p.method, m);
    }
    const refunds = new Map<string, { refunds: number; amount: number }>();
    for (const r of saleRefunds) {
      if (!ok(r.business_date, r.outlet_id)) continue;
      const m = refunds.get(r.paid_by) ?? { refunds: 0, amount: 0 };
      m.refunds += 1;
      m.amount += r.amount;
      refunds.set(r.paid_by, m);
    }
    return { methods, refunds };
  }

  /** Products of the range's sales, and the items of its refunds of sales. */
  function productsBy(range: { from: string; to: string }) {
    const rows = new Map<
      string,
      { quantity: number; gross: number; refunded_quantity: number; refunded: number }
    >();
    const row = (id: string) => {
      const r = rows.get(id) ?? { quantity: 0, gross: 0, refunded_quantity: 0, refunded: 0 };
      rows.set(id, r);
      return r;
    };
    for (const i of b.items) {
      const o = orderOf(i);
      if (countsAs(o) !== 'sale' || o.business_date < range.from || o.business_date > range.to)
        continue;
      row(i.product_id).quantity += i.quantity;
      row(i.product_id).gross += i.line_total;
    }
    const refundById = new Map(saleRefunds.map((r) => [r.id, r]));
    for (const ri of b.refundItems) {
      const r = refundById.get(ri.refund_id);
      if (!r || r.business_date! < range.from || r.business_date! > range.to) continue;
      const product = itemById.get(ri.order_item_id)!.product_id;
      row(product).refunded_quantity += ri.quantity;
      row(product).refunded += ri.amount;
    }
    return rows;
  }

  /** The drawer of a set of orders' payment lines and refunds (voids' too), with a float. */
  function drawer(orders: BookOrder[], refunds: BookRefund[], shiftId?: string) {
    const ids = new Set(orders.map((o) => o.id));
    const cash_taken = sum(
      b.payments.filter((p) => ids.has(p.order_id) && p.method === 'cash'),
      (p) => p.amount,
    );
    const cash_refunds = sum(
      refunds.filter((r) => r.paid_by === 'cash'),
      (r) => r.amount,
    );
    const moves = shiftId ? b.movements.filter((m) => m.shift_id === shiftId) : [];
    const cash_in = sum(
      moves.filter((m) => m.kind === 'cash_in'),
      (m) => m.amount,
    );
    const cash_out = sum(
      moves.filter((m) => m.kind === 'cash_out'),
      (m) => m.amount,
    );
    const float = shiftId ? b.shifts.find((s) => s.id === shiftId)!.opening_float : 0;
    return {
      opening_float: float,
      cash_taken,
      cash_refunds,
      cash_in,
      cash_out,
      // Wallet top-ups sold at the counter add their cash; the streams sell none.
      cash_topups: 0,
      expected: float + cash_taken - cash_refunds + cash_in - cash_out,
    };
  }

  /** An outlet's business day as its Z-report and its working show it. */
  function day(outletId: string, date: string) {
    const orders = b.orders.filter(
      (o) => o.outlet_id === outletId && o.business_date === date && countsAs(o) !== 'unpaid',
    );
    const refunds = paidBack.filter((r) => r.outlet_id === outletId && r.business_date === date);
    const voids = orders.filter((o) => countsAs(o) === 'void');
    return {
      orders,
      refunds,
      sales: salesFigures(orders, refunds),
      voided: voids.length,
      voided_paid: sum(voids, (o) => paidOf.get(o.id) ?? 0),
      void_refunds: sum(
        refunds.filter((r) => refundCountsAs(r) === 'void'),
        (r) => r.amount,
      ),
      drawer: drawer(orders, refunds),
    };
  }

  /** A shift as its report and its working show it. */
  function shift(shiftId: string) {
    const orders = b.orders.filter((o) => o.shift_id === shiftId && countsAs(o) !== 'unpaid');
    const refunds = paidBack.filter((r) => r.shift_id === shiftId);
    const s = orders.filter((o) => countsAs(o) === 'sale');
    const voids = orders.filter((o) => countsAs(o) === 'void');
    return {
      orders,
      refunds,
      sales: s.length,
      sales_total: sum(s, (o) => o.total),
      discounts: sum(s, (o) => o.discount),
      voids: { count: voids.length, amount: sum(voids, (o) => paidOf.get(o.id) ?? 0) },
      refunds_total: sum(refunds, (r) => r.amount),
      drawer: drawer(orders, refunds, shiftId),
    };
  }

  return {
    countsAs,
    refundCountsAs,
    sales,
    paidBack,
    saleRefunds,
    reportBy,
    paymentsBy,
    productsBy,
    day,
    shift,
    /** What the customers' wallets hold: every entry of the ledger, summed. */
    walletLiability: () => sum(b.wallet, (w) => w.amount),
    sum,
  };
}
export type MoneyModel = ReturnType<typeof moneyModel>;
