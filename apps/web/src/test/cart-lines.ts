import type { NewCartLine } from '../features/pos/cart';
import { ids } from '../features/pos/test-menu';

/** One plain Kopi as the POS adds it to a cart. */
export const kopi: NewCartLine = {
  product_id: ids.kopi,
  name: 'Kopi',
  sku: 'KOP-001',
  unit_price: 280,
  options: [],
  addons: [],
  notes: '',
  quantity: 1,
};
