import type { Locale } from './locale';

// The words of the voucher usage files (daily usage, ongoing campaigns), in the requester's
// language: the words the /voucher-campaign tables show. Money columns say "(RM)" because the
// files' amounts are ringgit with two decimals.

export const voucherDailyFileColumns = [
  'business_date',
  'redemptions',
  'returned',
  'redemptions_standing',
  'discount',
  'returned_discount',
  'discount_given',
  'sales',
  'refunds',
  'voucher_sales',
] as const;
export type VoucherDailyFileColumn = (typeof voucherDailyFileColumns)[number];

export const voucherOngoingFileColumns = [
  'campaign',
  'voucher',
  'starts_at',
  'ends_at',
  'issued',
  'redeemed',
  'redemption_rate',
  'discount_given',
  'voucher_sales',
  'days_left',
] as const;
export type VoucherOngoingFileColumn = (typeof voucherOngoingFileColumns)[number];

export interface VoucherUsageFileLabels {
  daily: Record<VoucherDailyFileColumn, string>;
  ongoing: Record<VoucherOngoingFileColumn, string>;
  total: string;
  dailySheet: string;
  ongoingSheet: string;
}

export const voucherUsageFileLabels: Record<Locale, VoucherUsageFileLabels> = {
  en: {
    daily: {
      business_date: 'Business date',
      redemptions: 'Redemptions',
      returned: 'Given back',
      redemptions_standing: 'Redemptions standing',
      discount: 'Discount (RM)',
      returned_discount: 'Discount given back (RM)',
      discount_given: 'Discount given (RM)',
      sales: 'Sales with a voucher (RM)',
      refunds: 'Refunds (RM)',
      voucher_sales: 'Sales after refunds (RM)',
    },
    ongoing: {
      campaign: 'Campaign',
      voucher: 'Voucher',
      starts_at: 'Starts',
      ends_at: 'Ends',
      issued: 'Issued',
      redeemed: 'Redeemed',
      redemption_rate: 'Redemption rate (%)',
      discount_given: 'Discount given (RM)',
      voucher_sales: 'Sales driven (RM)',
      days_left: 'Days left',
    },
    total: 'Total',
    dailySheet: 'Daily usage',
    ongoingSheet: 'Ongoing campaigns',
  },
  my: {
    daily: {
      business_date: 'Tarikh perniagaan',
      redemptions: 'Penebusan',
      returned: 'Dipulangkan',
      redemptions_standing: 'Penebusan kekal',
      discount: 'Diskaun (RM)',
      returned_discount: 'Diskaun dipulangkan (RM)',
      discount_given: 'Diskaun diberi (RM)',
      sales: 'Jualan dengan baucar (RM)',
      refunds: 'Bayaran balik (RM)',
      voucher_sales: 'Jualan selepas bayaran balik (RM)',
    },
    ongoing: {
      campaign: 'Kempen',
      voucher: 'Baucar',
      starts_at: 'Mula',
      ends_at: 'Tamat',
      issued: 'Dikeluarkan',
      redeemed: 'Ditebus',
      redemption_rate: 'Kadar penebusan (%)',
      discount_given: 'Diskaun diberi (RM)',
      voucher_sales: 'Jualan dijana (RM)',
      days_left: 'Hari berbaki',
    },
    total: 'Jumlah',
    dailySheet: 'Penggunaan harian',
    ongoingSheet: 'Kempen berjalan',
  },
};
