import type { PosContext, PosMenu, PosMenuProduct } from '@kopi/contract';

// A small menu and outlet for the POS tests (ids are fixed uuids so sale bodies validate).
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ids = {
  outlet: id(1),
  kopi: id(10),
  latte: id(11),
  toast: id(12),
  soldOut: id(13),
  hidden: id(14),
  size: id(20),
  regular: id(21),
  large: id(22),
  milk: id(23),
  oat: id(24),
  soy: id(25),
  toppings: id(26),
  honey: id(27),
  nuts: id(28),
  seeds: id(29),
  shot: id(30),
  cream: id(31),
};

type VariantGroup = PosMenuProduct['variant_groups'][number];
/** A name, or [English, Malay] (the Malay screens' names; without one they show the English). */
type Names = string | [string, string];
const names = (n: Names) =>
  typeof n === 'string' ? { name: n, name_my: null } : { name: n[0], name_my: n[1] };

const group = (
  groupId: string,
  name: Names,
  [min_select, max_select]: [number, number],
  options: [string, Names, number][],
): VariantGroup => ({
  id: groupId,
  ...names(name),
  required: min_select > 0,
  min_select,
  max_select,
  options: options.map(([optionId, optionName, price]) => ({
    id: optionId,
    ...names(optionName),
    price,
    is_default: false,
  })),
});

export const sizeGroup = group(
  ids.size,
  ['Size', 'Saiz'],
  [1, 1],
  [
    [ids.regular, ['Regular', 'Biasa'], 0],
    [ids.large, ['Large', 'Besar'], 150],
  ],
);
export const milkGroup = group(
  ids.milk,
  'Milk',
  [0, 1],
  [
    [ids.oat, 'Oat', 200],
    [ids.soy, 'Soy', 100],
  ],
);
export const toppingsGroup = group(
  ids.toppings,
  'Toppings',
  [0, 2],
  [
    [ids.honey, 'Honey', 50],
    [ids.nuts, 'Nuts', 80],
    [ids.seeds, 'Seeds', 60],
  ],
);

const product = (
  p: Partial<PosMenuProduct> & Pick<PosMenuProduct, 'id' | 'name' | 'sku'>,
): PosMenuProduct => ({
  name_my: null,
  barcode: null,
  category_id: id(100),
  image_url: null,
  price: 500,
  base_price: 500,
  available: true,
  sold_out: false,
  variant_groups: [],
  addons: [],
  ...p,
});

export const kopi = product({
  id: ids.kopi,
  name: 'Kopi',
  sku: 'KOP-001',
  price: 280,
  base_price: 280,
  barcode: '9555000000011',
});
export const latte = product({
  id: ids.latte,
  name: 'Cafe Latte',
  name_my: 'Latte Kafe',
  sku: 'ESP-002',
  price: 1090,
  base_price: 1190,
  category_id: id(101),
  variant_groups: [sizeGroup, milkGroup, toppingsGroup],
  addons: [
    { id: ids.shot, name: 'Extra shot', name_my: 'Syot tambahan', price: 200 },
    { id: ids.cream, name: 'Whipped cream', name_my: null, price: 150 },
  ],
});
export const toast = product({
  id: ids.toast,
  name: 'Kaya Toast',
  sku: 'FOD-001',
  price: 450,
  base_price: 450,
  category_id: id(102),
});
export const soldOut = product({
  id: ids.soldOut,
  name: 'Nasi Lemak',
  sku: 'FOD-002',
  price: 890,
  sold_out: true,
  category_id: id(102),
});
export const hidden = product({
  id: ids.hidden,
  name: 'Seasonal Cake',
  sku: 'FOD-003',
  price: 1200,
  available: false,
  category_id: id(102),
});

export const menu: PosMenu = {
  categories: [
    { id: id(100), name_en: 'Kopi', name_my: 'Kopi' },
    { id: id(101), name_en: 'Espresso', name_my: 'Espresso' },
    { id: id(102), name_en: 'Food', name_my: 'Makanan' },
  ],
  products: [kopi, latte, toast, soldOut, hidden],
};

export const menuIndex = new Map(menu.products.map((p) => [p.id, p]));

export const context: PosContext = {
  outlet: {
    id: ids.outlet,
    code: 'KL01',
    name: 'Kopi HQ Bukit Bintang',
    address: '1 Jalan Bukit Bintang',
    phone: '+60321000000',
    serving_methods: ['dine_in', 'pick_up', 'delivery'],
    delivery_fee: 500,
    status: 'active',
    accepting_orders: true,
    open_now: true,
    taking_orders_now: true,
    timezone: 'Asia/Kuala_Lumpur',
    business_date: '2026-01-05',
    day_closed: false,
  },
  pricing: {
    service_charge_rate_bp: 1000,
    service_charge_methods: ['dine_in'],
    service_tax_rate_bp: 600,
    service_charge_taxable: true,
    cash_rounding: true,
    manual_discount_max_bp: 2000,
  },
  receipt: {
    business_name: 'Kopi HQ',
    legal_name: 'Kopi HQ Sdn Bhd',
    sst_registration_no: 'W10-1808-32000001',
    tin: null,
    brn: null,
    header: null,
    footer: null,
    header_my: null,
    footer_my: null,
    logo_url: null,
  },
};
