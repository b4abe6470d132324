import { salesStatuses } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { tenantIs } from '../../db/tenant-scope';
import { salesFigureKeys } from '@kopi/contract';

// The rollups as they should be, computed in TypeScript from a tenant's raw orders, lines and
// payments, beside the rollups as they are: tests compare the two after random streams of
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
        refunds: n('refunded'),
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
  };
}


/** The rollup tables of the tenant as they are, in the same shape. */
export async function actualRollups(db: Db, tenantId: string) {
  const read = async (query: ReturnType<typeof sql>, keys: string[], figures: readonly string[]) => {
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
  };
}
