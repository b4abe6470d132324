import type { CampaignStatus } from '@kopi/contract';
import type { DemoVoucherTerms } from '../../lib/demo-catalogue';

// The demo chain's voucher campaigns (campaigns-demo-seed.ts makes them): one in every state the
// back office shows, each on a voucher of unique codes made for it, named in English and Malay.
// Days are counted from the day the demo is seeded; a tier is named by its English name.
// `sales` is how many counter sales used the campaign's issued codes over the past weeks.

export type DemoAudience =
  | { kind: 'all' }
  | { kind: 'tier'; tier: string }
  | { kind: 'new_customers'; days: number }
  | { kind: 'birthday_month' };

/** A campaign's voucher of unique codes; days from the seeding day, as the campaign's. */
export interface CampaignVoucher extends DemoVoucherTerms {
  fromDay: number;
  untilDay: number;
}

export interface DemoCampaign {
  nameEn: string;
  nameMy: string;
  /** The voucher made for it. */
  voucher: CampaignVoucher;
  audience: DemoAudience;
  /** Days from the seeding day: the period's start and end (at the start of those days). */
  startDay: number;
  endDay: number;
  /** Where it is left: draft and scheduled never go live; paused is paused `pausedDay`. */
  state: CampaignStatus;
  pausedDay?: number;
  sales: number;
}

/** A voucher for a campaign, valid over the campaign's period. */
const voucherFor = (
  fromDay: number,
  untilDay: number,
  v: Omit<CampaignVoucher, 'fromDay' | 'untilDay'>,
): CampaignVoucher => ({ ...v, fromDay, untilDay });

export const demoCampaigns: DemoCampaign[] = [
  {
    nameEn: 'We miss you: RM 5 off',
    nameMy: 'Kami rindu anda: jimat RM 5',
    voucher: voucherFor(-45, -10, {
      nameEn: 'Welcome back: RM 5 off (one code each)',
      nameMy: 'Selamat kembali: jimat RM 5 (satu kod seorang)',
      type: 'fixed',
      value: 500,
      minSpend: 2000,
    }),
    audience: { kind: 'all' },
    startDay: -45,
    endDay: -10,
    state: 'ended',
    sales: 14,
  },
  {
    nameEn: 'Gold members: 15% off, up to RM 6',
    nameMy: 'Ahli Emas: diskaun 15%, sehingga RM 6',
    voucher: voucherFor(-14, 30, {
      nameEn: 'Gold thank-you: 15% off, up to RM 6',
      nameMy: 'Terima kasih Emas: diskaun 15%, sehingga RM 6',
      type: 'percent',
      value: 1500,
      maxDiscount: 600,
      minSpend: 1500,
    }),
    audience: { kind: 'tier', tier: 'Gold' },
    startDay: -14,
    endDay: 30,
    state: 'ongoing',
    sales: 6,
  },
  {
    nameEn: 'New members: a free croissant',
    nameMy: 'Ahli baharu: croissant percuma',
    voucher: voucherFor(-10, 20, {
      nameEn: 'Welcome gift: a free butter croissant',
      nameMy: 'Hadiah alu-aluan: croissant mentega percuma',
      type: 'free_item',
      value: 0,
      freeItem: { kind: 'product', sku: 'BAK-001' },
      minSpend: 1500,
    }),
    audience: { kind: 'new_customers', days: 60 },
    startDay: -10,
    endDay: 20,
    state: 'paused',
    pausedDay: -3,
    sales: 2,
  },
  {
    nameEn: 'Year-end treat: RM 4 off for everyone',
    nameMy: 'Hadiah hujung tahun: jimat RM 4 untuk semua',
    voucher: voucherFor(7, 37, {
      nameEn: 'Year-end: RM 4 off (one code each)',
      nameMy: 'Hujung tahun: jimat RM 4 (satu kod seorang)',
      type: 'fixed',
      value: 400,
      minSpend: 1500,
    }),
    audience: { kind: 'all' },
    startDay: 7,
    endDay: 37,
    state: 'scheduled',
    sales: 0,
  },
  {
    nameEn: 'Birthday month: your cheapest cake free',
    nameMy: 'Bulan hari jadi: kek paling murah percuma',
    voucher: voucherFor(30, 61, {
      nameEn: 'Birthday cake on us',
      nameMy: 'Kek hari jadi belanja kami',
      type: 'free_item',
      value: 0,
      freeItem: { kind: 'category', category: 'Bakery & Cakes' },
      minSpend: 1000,
    }),
    audience: { kind: 'birthday_month' },
    startDay: 30,
    endDay: 61,
    state: 'draft',
    sales: 0,
  },
];
