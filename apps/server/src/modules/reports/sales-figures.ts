import { type SalesFigures, salesFigureKeys } from '@kopi/contract';

// Sales figures as the report and the dashboard add them up.

/** Sums come back as bigint/numeric text from PostgreSQL: every figure is turned into a number. */
export const num = (v: unknown) => Number(v ?? 0);

/** Every figure at zero. */
export const zeroFigures = (): SalesFigures =>
  Object.fromEntries(salesFigureKeys.map((k) => [k, 0])) as SalesFigures;

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
