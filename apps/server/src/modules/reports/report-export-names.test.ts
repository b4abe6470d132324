import type { SalesFigures, SalesReport } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { reportTable } from './report-export';

// The sales-by-product file names products in its language: the Malay name in a Malay file where
// one is set, else the English name (decision 039).

const figures: SalesFigures = {
  orders: 2,
  gross: 1000,
  discount: 0,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  net: 1000,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
};

const byProduct: SalesReport = {
  from: '2026-06-10',
  to: '2026-06-10',
  days: 1,
  outlet_id: null,
  previous: null,
  totals: { current: figures, previous: null },
  group_by: 'product',
  rows: [
    {
      key: 'p1',
      label: 'Kopi Peng',
      label_my: 'Kopi Ais',
      sku: 'KOP-004',
      previous_key: null,
      current: { quantity: 1, gross: 350 },
      previous: null,
    },
    {
      key: 'p2',
      label: 'Kopi O',
      label_my: null,
      sku: 'KOP-002',
      previous_key: null,
      current: { quantity: 1, gross: 240 },
      previous: null,
    },
  ],
};

describe('the product report file', () => {
  it('names products in Malay in a Malay file, in English otherwise', () => {
    expect(reportTable(byProduct, 'my').rows.map((r) => r[0])).toEqual(['Kopi Ais', 'Kopi O']);
    expect(reportTable(byProduct, 'en').rows.map((r) => r[0])).toEqual(['Kopi Peng', 'Kopi O']);
  });
});
