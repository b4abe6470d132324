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

/** The Cafe Latte's choices as a cart line carries them. */
export const chosen = {
  large: {
    id: ids.large,
    group: 'Size',
    group_my: 'Saiz',
    name: 'Large',
    name_my: 'Besar',
    price: 150,
  },
  soy: { id: ids.soy, group: 'Milk', group_my: null, name: 'Soy', name_my: null, price: 100 },
  nuts: {
    id: ids.nuts,
    group: 'Toppings',
    group_my: null,
    name: 'Nuts',
    name_my: null,
    price: 80,
  },
  oat: { id: ids.oat, group: 'Milk', group_my: null, name: 'Oat', name_my: null, price: 200 },
  shot: { id: ids.shot, name: 'Extra shot', name_my: 'Syot tambahan', price: 200 },
};
