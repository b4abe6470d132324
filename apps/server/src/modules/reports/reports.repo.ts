import type { SalesFigures } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { splitByMonth } from './report-periods';
import { figuresOf, num } from './sales-figures';
import { tenantIs } from '../../db/tenant-scope';

// Sales reports read the rollup tables (migration 0007, decision 021), never the orders: a year
// of a tenant is a few tens of thousands of rollup rows whatever the number of orders. Each query
// covers the range and the compared period at once; `current` tells the two apart.

export interface ReportScope {
  tenantId: string;
  /** First day of the whole read: the compared period's first day, or `from` without one. */
  readFrom: string;
  from: string;
  to: string;
  outletId: string | null;
}

const where = (s: ReportScope, alias: string): SQL =>
  sql.join(
    [
      tenantIs(alias, s.tenantId),
      sql`${sql.raw(alias)}.business_date between ${s.readFrom}::date and ${s.to}::date`,
      ...(s.outletId ? [sql`${sql.raw(alias)}.outlet_id = ${s.outletId}::uuid`] : []),
    ],
    sql` and `,
  );

const salesSums = sql`sum(r.orders) as orders, sum(r.gross) as gross, sum(r.discount) as discount,
  sum(r.service_charge) as service_charge, sum(r.service_tax) as service_tax,
  sum(r.delivery_fee) as delivery_fee, sum(r.rounding) as rounding, sum(r.net) as net,
  sum(r.refunds) as refunds, sum(r.rejected) as rejected, sum(r.rejected_total) as rejected_total`;

export const salesKeys = {
  day: sql`r.business_date::text`,
  outlet: sql`r.outlet_id::text`,
  serving_method: sql`r.serving_method`,
  source: sql`r.source`,
  /** Only for the totals: one group per period. */
  all: sql`''`,
} as const;
export type SalesKey = keyof typeof salesKeys;

export interface KeyedFigures<T> {
  current: boolean;
  key: string;
  figures: T;
}

/**
 * Sales figures of the range and the compared period, grouped by `key`, from the rollup without
 * the payment method (none of these groupings needs it; a sixth of the rows).
 */
export async function salesBy(
  db: Db,
  s: ReportScope,
  key: SalesKey,
): Promise<KeyedFigures<SalesFigures>[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await executePrepared(
      db,
      sql`
      select r.business_date >= ${s.from}::date as current, ${salesKeys[key]} as key, ${salesSums}
      from sales_channel_rollups r
      where ${where(s, 'r')}
      group by 1, 2`,
    ),
  );
  return rows.map((r) => ({
    current: r.current === true,
    key: String(r.key),
    figures: figuresOf(r),
  }));
}

/**
 * A count and an amount by method from a rollup of methods, for the range and the compared
 * period; rows `having` leaves out are not read.
 */
async function byMethod<Count extends 'payments' | 'refunds'>(
  db: Db,
  s: ReportScope,
  table: 'sales_payment_rollups' | 'refund_rollups',
  count: Count,
  having: SQL,
) {
  const rows = rowsOf<{ current: boolean; key: string; amount: unknown } & Record<Count, unknown>>(
    await executePrepared(
      db,
      sql`
      select r.business_date >= ${s.from}::date as current, r.method as key,
        sum(r.${sql.raw(count)}) as ${sql.raw(count)}, sum(r.amount) as amount
      from ${sql.raw(table)} r
      where ${where(s, 'r')}
      group by 1, 2${having}`,
    ),
  );
  return rows.map((r) => ({
    current: r.current === true,
    key: r.key,
    figures: { [count]: num(r[count]), amount: num(r.amount) } as Record<Count, number> & {
      amount: number;
    },
  }));
}

/** Payment lines of sales by method, for the range and the compared period. */
export const paymentsBy = (db: Db, s: ReportScope) =>
  byMethod(db, s, 'sales_payment_rollups', 'payments', sql``);

/** Completed refunds of sales by what they went back by, for the range and the compared period. */
export const refundsBy = (db: Db, s: ReportScope) =>
  byMethod(
    db,
    s,
    'refund_rollups',
    'refunds',
    sql`
      having sum(r.refunds) <> 0 or sum(r.amount) <> 0`,
  );

/**
 * Products sold, for the range and the compared period, with their current name and SKU: whole
 * months from the month rollup, the days at either end from the day rollup; with the item
 * refunds that completed in each period (few rows: read by day).
 */
export async function productsBy(
  db: Db,
  s: ReportScope,
  previous: { from: string; to: string } | null,
) {
  const outlet = s.outletId ? sql` and r.outlet_id = ${s.outletId}::uuid` : sql``;
  const parts: SQL[] = [];
  for (const [current, period] of [
    [true, { from: s.from, to: s.to }],
    ...(previous ? [[false, previous] as const] : []),
  ] as const) {
    const { months, days } = splitByMonth(period.from, period.to);
    parts.push(sql`select ${current}::boolean as current, r.product_id, 0 as quantity, 0 as gross,
        r.quantity as refunded_quantity, r.amount as refunded
      from product_refund_rollups r
      where ${tenantIs('r', s.tenantId)} and r.business_date between ${period.from}::date and ${period.to}::date${outlet}`);
    for (const [a, b] of days) {
      parts.push(sql`select ${current}::boolean as current, r.product_id, r.quantity, r.gross,
          0 as refunded_quantity, 0 as refunded
        from product_sales_rollups r
        where ${tenantIs('r', s.tenantId)} and r.business_date between ${a}::date and ${b}::date${outlet}`);
    }
    if (months.length > 0) {
      parts.push(sql`select ${current}::boolean as current, r.product_id, r.quantity, r.gross,
          0 as refunded_quantity, 0 as refunded
        from product_month_rollups r
        where ${tenantIs('r', s.tenantId)} and r.month = any(${`{${months.join(',')}}`}::date[])${outlet}`);
    }
  }
  const rows = rowsOf<{
    current: boolean;
    key: string;
    name: string | null;
    name_my: string | null;
    sku: string | null;
    quantity: unknown;
    gross: unknown;
    refunded_quantity: unknown;
    refunded: unknown;
  }>(
    await executePrepared(
      db,
      sql`
      select x.current, x.product_id::text as key, p.name, p.name_my, p.sku, x.quantity, x.gross,
        x.refunded_quantity, x.refunded
      from (
        select u.current, u.product_id, sum(u.quantity) as quantity, sum(u.gross) as gross,
          sum(u.refunded_quantity) as refunded_quantity, sum(u.refunded) as refunded
        from (${sql.join(parts, sql` union all `)}) u
        group by 1, 2
      ) x
      left join products p on p.id = x.product_id and ${tenantIs('p', s.tenantId)}`,
    ),
  );
  return rows.map((r) => ({
    current: r.current === true,
    key: r.key,
    name: r.name,
    nameMy: r.name_my,
    sku: r.sku,
    figures: {
      quantity: num(r.quantity),
      gross: num(r.gross),
      refunded_quantity: num(r.refunded_quantity),
      refunded: num(r.refunded),
    },
  }));
}
