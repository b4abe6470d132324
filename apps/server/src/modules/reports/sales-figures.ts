import type { SalesFigures } from '@kopi/contract';

// Sales figures as the report and the dashboard add them up.

/** Sums come back as bigint/numeric text from PostgreSQL: every figure is turned into a number. */
export const num = (v: unknown) => Number(v ?? 0);

/** The figures of a sale, in the order report files and the rollup check list them. */
export const salesFigureKeys = [
  'orders',
  'gross',
  'discount',
  'service_charge',
  'service_tax',
  'delivery_fee',
  'rounding',
  'net',
  'refunds',
  'rejected',
  'rejected_total',
] as const satisfies readonly (keyof SalesFigures)[];

export const zeroFigures = (): SalesFigures => ({
  orders: 0,
  gross: 0,
  discount: 0,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  net: 0,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
});

export function addFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof SalesFigures)[]) out[k] += b[k];
  return out;
}

export function figuresOf(row: Record<string, unknown>): SalesFigures {
  return {
    orders: num(row.orders),
    gross: num(row.gross),
    discount: num(row.discount),
    service_charge: num(row.service_charge),
    service_tax: num(row.service_tax),
    delivery_fee: num(row.delivery_fee),
    rounding: num(row.rounding),
    net: num(row.net),
    refunds: num(row.refunds),
    rejected: num(row.rejected),
    rejected_total: num(row.rejected_total),
  };
}
