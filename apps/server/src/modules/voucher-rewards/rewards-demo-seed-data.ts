import type { DemoVoucherTerms } from '../../lib/demo-catalogue';

// The demo chain's points rewards (rewards-demo-seed.ts makes them): each on a voucher of unique
// codes made for it, named in English and Malay. Days are counted from the day the demo is
// seeded; a product is named by SKU, a category by its English name. `exchanges` is how many of
// the demo's app customers with the most points exchange points for it today; `switchedOff`
// rewards are switched off after those exchanges.

export interface DemoRewardVoucher extends DemoVoucherTerms {
  /** Days from the seeding day; null: no end. */
  untilDay: number | null;
}

export interface DemoReward {
  nameEn: string;
  nameMy: string;
  voucher: DemoRewardVoucher;
  pointsPrice: number;
  stock: number | null;
  startDay: number;
  endDay: number | null;
  sortOrder: number;
  exchanges: number;
  switchedOff?: boolean;
}

export const demoRewards: DemoReward[] = [
  {
    nameEn: 'A free Kopi O',
    nameMy: 'Kopi O percuma',
    voucher: {
      nameEn: 'Reward: a free drink from the Kopi menu',
      nameMy: 'Ganjaran: minuman percuma dari menu Kopi',
      type: 'free_item',
      value: 0,
      freeItem: { kind: 'category', category: 'Kopi' },
      minSpend: 0,
      untilDay: null,
    },
    pointsPrice: 150,
    stock: null,
    startDay: -60,
    endDay: null,
    sortOrder: 1,
    exchanges: 4,
  },
  {
    nameEn: 'RM 10 off your order (limited)',
    nameMy: 'Jimat RM 10 untuk pesanan anda (terhad)',
    voucher: {
      nameEn: 'Reward: RM 10 off',
      nameMy: 'Ganjaran: jimat RM 10',
      type: 'fixed',
      value: 1000,
      minSpend: 3000,
      untilDay: 90,
    },
    pointsPrice: 400,
    stock: 3,
    startDay: -30,
    endDay: null,
    sortOrder: 2,
    exchanges: 3,
  },
  {
    nameEn: 'Year-end croissant',
    nameMy: 'Croissant hujung tahun',
    voucher: {
      nameEn: 'Reward: a free butter croissant',
      nameMy: 'Ganjaran: croissant mentega percuma',
      type: 'free_item',
      value: 0,
      freeItem: { kind: 'product', sku: 'BAK-001' },
      minSpend: 0,
      untilDay: 30,
    },
    pointsPrice: 120,
    stock: 100,
    startDay: -20,
    endDay: 5,
    sortOrder: 3,
    exchanges: 2,
  },
  {
    nameEn: '20% off one order (retired)',
    nameMy: 'Diskaun 20% satu pesanan (ditamatkan)',
    voucher: {
      nameEn: 'Reward: 20% off, up to RM 8',
      nameMy: 'Ganjaran: diskaun 20%, sehingga RM 8',
      type: 'percent',
      value: 2000,
      maxDiscount: 800,
      minSpend: 1500,
      untilDay: 60,
    },
    pointsPrice: 250,
    stock: null,
    startDay: -45,
    endDay: null,
    sortOrder: 4,
    exchanges: 1,
    switchedOff: true,
  },
];
