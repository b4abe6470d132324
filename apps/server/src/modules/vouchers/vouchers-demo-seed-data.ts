import type { DemoVoucherLimits, DemoVoucherTerms } from '../../lib/demo-catalogue';

// The demo chain's vouchers (vouchers-demo-seed.ts makes them): one of every kind and state the
// back office shows, named in English and Malay. Catalogue rows are named as the demo catalogue
// names them (a product by SKU, a category by its English name, an outlet by code); days are
// counted from the day the demo is seeded. `sales` is how many counter sales used the voucher
// over the past months; `today` the sales of named demo customers (by phone) today.

export interface DemoVoucher extends DemoVoucherTerms, DemoVoucherLimits {
  code: string | null;
  /** Days from the seeding day: the first day it is valid, and the day it ends (null: none). */
  fromDay: number;
  untilDay: number | null;
  sales: number;
  today?: string[];
  /**
   * Unique codes: how many are generated with which printed prefix, and how many are issued to app
   * customers (these first, then others by phone); the rest are printed for the counter.
   */
  unique?: { count: number; prefix: string; issued: number; issuedFirst: string[] };
}

const AINA = '+60123456789';
const DANIEL = '+60198765432';

export const demoVouchers: DemoVoucher[] = [
  {
    code: 'KOPI20',
    nameEn: '20% off, up to RM 5',
    nameMy: 'Diskaun 20%, sehingga RM 5',
    type: 'percent',
    value: 2000,
    maxDiscount: 500,
    minSpend: 1500,
    fromDay: -100,
    untilDay: null,
    sales: 10,
  },
  {
    code: 'JIMAT3',
    nameEn: 'RM 3 off your order',
    nameMy: 'Jimat RM 3 untuk pesanan anda',
    type: 'fixed',
    value: 300,
    minSpend: 1200,
    fromDay: -90,
    untilDay: 60,
    totalLimit: 500,
    sales: 8,
  },
  {
    code: 'ROTIFREE',
    nameEn: 'A free butter croissant',
    nameMy: 'Croissant mentega percuma',
    type: 'free_item',
    value: 0,
    freeItem: { kind: 'product', sku: 'BAK-001' },
    minSpend: 2000,
    fromDay: -80,
    untilDay: null,
    sales: 5,
  },
  {
    code: 'KEKFREE',
    nameEn: 'Your cheapest cake free',
    nameMy: 'Kek paling murah percuma',
    type: 'free_item',
    value: 0,
    freeItem: { kind: 'category', category: 'Bakery & Cakes' },
    minSpend: 2500,
    fromDay: -70,
    untilDay: null,
    totalLimit: 200,
    sales: 5,
  },
  {
    code: 'PETANG15',
    nameEn: 'Afternoon kopi: 15% off weekdays 2–5 pm',
    nameMy: 'Kopi petang: diskaun 15% hari kerja 2–5 ptg',
    type: 'percent',
    value: 1500,
    minSpend: 0,
    fromDay: -90,
    untilDay: null,
    daysOfWeek: [1, 2, 3, 4, 5],
    hours: { from: '14:00', until: '17:00' },
    categories: ['Kopi'],
    sales: 6,
  },
  {
    code: 'PENANG10',
    nameEn: 'Penang only: 10% off',
    nameMy: 'Pulau Pinang sahaja: diskaun 10%',
    type: 'percent',
    value: 1000,
    maxDiscount: 1000,
    minSpend: 1000,
    fromDay: -60,
    untilDay: null,
    outlets: ['PG01'],
    sales: 4,
  },
  {
    code: 'APPJE5',
    nameEn: 'App only: RM 5 off',
    nameMy: 'Aplikasi sahaja: jimat RM 5',
    type: 'fixed',
    value: 500,
    minSpend: 2500,
    fromDay: -30,
    untilDay: 30,
    sources: ['app'],
    sales: 0,
  },
  {
    code: 'AHLI5',
    nameEn: 'Members: RM 5 off, twice each',
    nameMy: 'Ahli: jimat RM 5, dua kali seorang',
    type: 'fixed',
    value: 500,
    minSpend: 2000,
    fromDay: -20,
    untilDay: null,
    requiresCustomer: true,
    perCustomerLimit: 2,
    sales: 0,
    today: [AINA, AINA, DANIEL],
  },
  {
    code: 'DINEIN12',
    nameEn: 'Dine-in 12% off (paused)',
    nameMy: 'Makan di sini diskaun 12% (dihentikan)',
    type: 'percent',
    value: 1200,
    minSpend: 0,
    fromDay: -45,
    untilDay: null,
    servingMethods: ['dine_in'],
    status: 'inactive',
    sales: 0,
  },
  {
    code: 'RAYA25',
    nameEn: 'Hari Raya: 25% off, up to RM 8',
    nameMy: 'Hari Raya: diskaun 25%, sehingga RM 8',
    type: 'percent',
    value: 2500,
    maxDiscount: 800,
    minSpend: 2000,
    fromDay: -95,
    untilDay: -65,
    sales: 6,
  },
  {
    code: 'MERDEKA31',
    nameEn: 'Merdeka: RM 3.10 off',
    nameMy: 'Merdeka: jimat RM 3.10',
    type: 'fixed',
    value: 310,
    minSpend: 1000,
    fromDay: 14,
    untilDay: 21,
    sales: 0,
  },
  {
    code: null,
    nameEn: 'Thank you: RM 4 off (one code each)',
    nameMy: 'Terima kasih: jimat RM 4 (satu kod seorang)',
    type: 'fixed',
    value: 400,
    minSpend: 1500,
    fromDay: -75,
    untilDay: 90,
    sales: 6,
    today: [DANIEL],
    unique: { count: 40, prefix: 'TQ', issued: 12, issuedFirst: [AINA, DANIEL] },
  },
];
