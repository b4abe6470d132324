import { salesStatuses } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { tenantIs } from '../../db/tenant-scope';
import { salesFigureKeys } from '@kopi/contract';

// The rollups as they should be, computed in TypeScript from a tenant's raw orders, lines,
// payments and refunds, beside the rollups as they are: tests compare the two after random streams of
// writes. Rows whose figures are all zero (an order rejected after it was counted) are dropped.

const isSale = (status: string) => (salesStatuses as readonly string[]).includes(status);

type Figures = Record<string, number>;
export type RollupMap = Map<string, Figures>;

function addTo(map: RollupMap, key: string, figures: Figures) {
  const row = map.get(key) ?? Object.fromEntries(Object.keys(figures).map((k) => [k, 0]));
  for (const [k, v] of Object.entries(figures)) row[k] = (row[k] ?? 0) + v;
  map.set(key, row);
}

function withoutZeros(map: RollupMap): Record<string, Figures> {
  return Object.fromEntries(
    [...map.entries()]
      .filter(([, f]) => Object.values(f).some((v) => v !== 0))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

const label = (methods: string[]) => {
  const distinct = [...new Set(methods)];
  return distinct.length === 0 ? 'none' : distinct.length === 1 ? distinct[0]! : 'split';
};

/** What the three rollup tables should hold for the tenant, from its raw rows. */
export async function expectedRollups(db: Db, tenantId: string) {
  const orders = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id::text, outlet_id::text, business_date::text, source, serving_method, status,
        payment_methods, subtotal, discount, service_charge, service_tax, delivery_fee, rounding,
        total, refunded
      from orders where ${tenantIs('orders', tenantId)}`),
  );
  const items = rowsOf<{
    order_id: string;
    product_id: string;
    quantity: number;
    line_total: number;
  }>(
    await db.execute(sql`
      select order_id::text, product_id::text, quantity, line_total from order_items
      where ${tenantIs('order_items', tenantId)}`),
  );
  const payments = rowsOf<{ order_id: string; method: string; amount: number }>(
    await db.execute(sql`
      select order_id::text, method, amount from order_payments
      where ${tenantIs('order_payments', tenantId)}`),
  );
  const refunds = rowsOf<{
    id: string;
    order_id: string;
    outlet_id: string;
    business_date: string;
    method: string;
    amount: number;
  }>(
    await db.execute(sql`
      select id::text, order_id::text, outlet_id::text, business_date::text,
        coalesce(payment_method, 'bank_transfer') as method, amount
      from refunds
      where ${tenantIs('refunds', tenantId)} and status in ('COMPLETED', 'CLOSED')
        and business_date is not null`),
  );
  const refundedItems = rowsOf<{
    refund_id: string;
    product_id: string;
    quantity: number;
    amount: number;
  }>(
    await db.execute(sql`
      select ri.refund_id::text, oi.product_id::text, ri.quantity, ri.amount
      from refund_items ri join order_items oi on oi.id = ri.order_item_id
      where ${tenantIs('ri', tenantId)}`),
  );
  const sales: RollupMap = new Map();
  const pays: RollupMap = new Map();
  const products: RollupMap = new Map();
  const byId = new Map(orders.map((o) => [String(o.id), o]));
  for (const o of orders) {
    const sale = isSale(String(o.status));
    const rejected = o.status === 'REJECTED';
    if (!sale && !rejected) continue;
    const n = (k: string) => (sale ? Number(o[k]) : 0);
    addTo(
      sales,
      [
        o.business_date,
        o.outlet_id,
        o.source,
        o.serving_method,
        label(o.payment_methods as string[]),
      ].join('|'),
      {
        orders: sale ? 1 : 0,
        gross: n('subtotal'),
        discount: n('discount'),
        service_charge: n('service_charge'),
        service_tax: n('service_tax'),
        delivery_fee: n('delivery_fee'),
        rounding: n('rounding'),
        net: n('total'),
        // Refunds count on the day they complete, below, not on the order's.
        refunds: 0,
        rejected: rejected ? 1 : 0,
        rejected_total: rejected ? Number(o.total) : 0,
      },
    );
  }
  for (const p of payments) {
    const o = byId.get(p.order_id)!;
    if (!isSale(String(o.status))) continue;
    addTo(pays, [o.business_date, o.outlet_id, o.source, o.serving_method, p.method].join('|'), {
      payments: 1,
      amount: Number(p.amount),
    });
  }
  for (const i of items) {
    const o = byId.get(i.order_id)!;
    if (!isSale(String(o.status))) continue;
    addTo(products, [o.business_date, o.outlet_id, i.product_id].join('|'), {
      quantity: Number(i.quantity),
      gross: Number(i.line_total),
    });
  }
  const refundMethods: RollupMap = new Map();
  const productRefunds: RollupMap = new Map();
  const counted = new Map(refunds.map((r) => [r.id, r]));
  for (const r of refunds) {
    const o = byId.get(r.order_id)!;
    const channel = [o.source, o.serving_method, label(o.payment_methods as string[])];
    addTo(sales, [r.business_date, r.outlet_id, ...channel].join('|'), {
      ...Object.fromEntries(salesFigureKeys.map((k) => [k, 0])),
      refunds: Number(r.amount),
    });
    addTo(refundMethods, [r.business_date, r.outlet_id, r.method].join('|'), {
      refunds: 1,
      amount: Number(r.amount),
    });
  }
  for (const i of refundedItems) {
    const r = counted.get(i.refund_id);
    if (!r) continue;
    addTo(productRefunds, [r.business_date, r.outlet_id, i.product_id].join('|'), {
      quantity: Number(i.quantity),
      amount: Number(i.amount),
    });
  }
  // The narrower rollups kept from those: sales without the payment method, products by month.
  const channels: RollupMap = new Map();
  for (const [key, f] of sales) addTo(channels, key.split('|').slice(0, 4).join('|'), f);
  const months: RollupMap = new Map();
  for (const [key, f] of products) {
    const [day, ...rest] = key.split('|');
    addTo(months, [`${day!.slice(0, 7)}-01`, ...rest].join('|'), f);
  }
  return {
    sales: withoutZeros(sales),
    payments: withoutZeros(pays),
    products: withoutZeros(products),
    channels: withoutZeros(channels),
    productMonths: withoutZeros(months),
    refunds: withoutZeros(refundMethods),
    productRefunds: withoutZeros(productRefunds),
  };
}

/** The rollup tables of the tenant as they are, in the same shape. */
export async function actualRollups(db: Db, tenantId: string) {
  const read = async (
    query: ReturnType<typeof sql>,
    keys: string[],
    figures: readonly string[],
  ) => {
    const map: RollupMap = new Map();
    for (const r of rowsOf<Record<string, unknown>>(await db.execute(query))) {
      addTo(
        map,
        keys.map((k) => String(r[k])).join('|'),
        Object.fromEntries(figures.map((f) => [f, Number(r[f])])),
      );
    }
    return withoutZeros(map);
  };
  const t = (table: string) => tenantIs(table, tenantId);
  return {
    sales: await read(
      sql`select business_date::text, outlet_id::text, source, serving_method, payment_method,
        orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net,
        refunds, rejected, rejected_total from sales_rollups where ${t('sales_rollups')}`,
      ['business_date', 'outlet_id', 'source', 'serving_method', 'payment_method'],
      salesFigureKeys,
    ),
    payments: await read(
      sql`select business_date::text, outlet_id::text, source, serving_method, method, payments,
        amount from sales_payment_rollups where ${t('sales_payment_rollups')}`,
      ['business_date', 'outlet_id', 'source', 'serving_method', 'method'],
      ['payments', 'amount'],
    ),
    products: await read(
      sql`select business_date::text, outlet_id::text, product_id::text, quantity, gross
        from product_sales_rollups where ${t('product_sales_rollups')}`,
      ['business_date', 'outlet_id', 'product_id'],
      ['quantity', 'gross'],
    ),
    channels: await read(
      sql`select business_date::text, outlet_id::text, source, serving_method, orders, gross,
        discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected,
        rejected_total from sales_channel_rollups where ${t('sales_channel_rollups')}`,
      ['business_date', 'outlet_id', 'source', 'serving_method'],
      salesFigureKeys,
    ),
    productMonths: await read(
      sql`select month::text, outlet_id::text, product_id::text, quantity, gross
        from product_month_rollups where ${t('product_month_rollups')}`,
      ['month', 'outlet_id', 'product_id'],
      ['quantity', 'gross'],
    ),
    refunds: await read(
      sql`select business_date::text, outlet_id::text, method, refunds, amount
        from refund_rollups where ${t('refund_rollups')}`,
      ['business_date', 'outlet_id', 'method'],
      ['refunds', 'amount'],
    ),
    productRefunds: await read(
      sql`select business_date::text, outlet_id::text, product_id::text, quantity, amount
        from product_refund_rollups where ${t('product_refund_rollups')}`,
      ['business_date', 'outlet_id', 'product_id'],
      ['quantity', 'amount'],
    ),
  };
}
