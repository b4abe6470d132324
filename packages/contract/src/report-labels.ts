import type { RefundPaidBy } from './day-close';
import type { Locale } from './locale';
import type { OrderSource } from './orders';
import { paymentMethodLabels, refundPaidByLabels, servingMethodLabels } from './method-labels';
import type { PaymentMethod, ServingMethod } from './pricing';
import type { WalletFigures } from './reports';

// The words of a sales report file (GET /api/reports/sales/export), in the requester's language.
// They are the words the /report table shows (a web test holds the two together), so a column or
// a payment method reads the same on screen and in the spreadsheet. Money columns say "(RM)"
// because the file's amounts are ringgit with two decimals.

export const reportFileColumns = [
  'business_date',
  'previous_business_date',
  'outlet',
  'payment_method',
  'product',
  'sku',
  'serving_method',
  'source',
  'orders',
  'gross',
  'discount',
  'net_sales',
  'service_charge',
  'service_tax',
  'tax_total',
  'delivery_fee',
  'rounding',
  'net',
  'refunds',
  'net_after_refunds',
  'rejected',
  'rejected_total',
  'previous_orders',
  'previous_gross',
  'previous_discount',
  'previous_net_sales',
  'previous_service_charge',
  'previous_service_tax',
  'previous_tax_total',
  'previous_delivery_fee',
  'previous_rounding',
  'previous_net',
  'previous_refunds',
  'previous_net_after_refunds',
  'previous_rejected',
  'previous_rejected_total',
  'payments',
  'amount',
  'previous_payments',
  'previous_amount',
  'refund_count',
  'previous_refund_count',
  'quantity',
  'previous_quantity',
  'refunded_quantity',
  'refunded',
  'previous_refunded_quantity',
  'previous_refunded',
  'voucher',
  'campaign',
  'redemptions',
  'returned',
  'discount_given',
  'voucher_sales',
  'previous_redemptions',
  'previous_returned',
  'previous_discount_given',
  'previous_voucher_sales',
] as const;
export type ReportFileColumn = (typeof reportFileColumns)[number];

// The columns that hold amounts; the rest are counts, names, dates, ranks and shares.
const ringgitColumns = new Set<string>([
  'gross',
  'discount',
  'net_sales',
  'service_charge',
  'service_tax',
  'tax_total',
  'delivery_fee',
  'rounding',
  'net',
  'refunds',
  'net_after_refunds',
  'rejected_total',
  'amount',
  'refunded',
  'discount_given',
  'voucher_sales',
]);

/**
 * Whether a report column holds ringgit: the file writes it with two decimals and its header says
 * "(RM)". A compared period's column (`previous_…`) is ringgit when its own column is.
 */
export const isRinggitColumn = (column: string): boolean =>
  ringgitColumns.has(column.replace(/^previous_/, ''));

export interface ReportFileLabels {
  columns: Record<ReportFileColumn, string>;
  paymentMethods: Record<PaymentMethod, string>;
  /** What refunds went back by: the payment methods, and a bank transfer. */
  refundMethods: Record<RefundPaidBy, string>;
  servingMethods: Record<ServingMethod, string>;
  sources: Record<OrderSource, string>;
  /** The first cell of the total row. */
  total: string;
  /** The campaign cell of a voucher's own row (all its redemptions), and of codes no campaign issued. */
  allCampaigns: string;
  noCampaign: string;
  /** The XLSX worksheet's name. */
  sheet: string;
  /** The XLSX's wallet worksheet: its name, its headers and each figure's name. */
  wallet: {
    sheet: string;
    figure: string;
    current: string;
    previous: string;
    figures: Record<keyof WalletFigures, string>;
  };
}

export const reportFileLabels: Record<Locale, ReportFileLabels> = {
  en: {
    columns: {
      business_date: 'Business date',
      previous_business_date: 'Previous business date',
      outlet: 'Outlet',
      payment_method: 'Payment method',
      product: 'Product',
      sku: 'SKU',
      serving_method: 'Serving method',
      source: 'Source',
      orders: 'Orders',
      gross: 'Gross sales (RM)',
      discount: 'Discounts (RM)',
      net_sales: 'Net sales (RM)',
      service_charge: 'Service charge (RM)',
      service_tax: 'SST (RM)',
      tax_total: 'Tax and charges (RM)',
      delivery_fee: 'Delivery fees (RM)',
      rounding: 'Rounding (RM)',
      net: 'Total (RM)',
      refunds: 'Refunds (RM)',
      net_after_refunds: 'Net after refunds (RM)',
      rejected: 'Rejected orders',
      rejected_total: 'Rejected total (RM)',
      previous_orders: 'Previous orders',
      previous_gross: 'Previous gross (RM)',
      previous_discount: 'Previous discounts (RM)',
      previous_net_sales: 'Previous net sales (RM)',
      previous_service_charge: 'Previous service charge (RM)',
      previous_service_tax: 'Previous SST (RM)',
      previous_tax_total: 'Previous tax and charges (RM)',
      previous_delivery_fee: 'Previous delivery fees (RM)',
      previous_rounding: 'Previous rounding (RM)',
      previous_net: 'Previous total (RM)',
      previous_refunds: 'Previous refunds (RM)',
      previous_net_after_refunds: 'Previous net after refunds (RM)',
      previous_rejected: 'Previous rejected orders',
      previous_rejected_total: 'Previous rejected total (RM)',
      payments: 'Payments',
      amount: 'Amount (RM)',
      previous_payments: 'Previous payments',
      previous_amount: 'Previous amount (RM)',
      refund_count: 'Refund count',
      previous_refund_count: 'Previous refund count',
      quantity: 'Quantity',
      previous_quantity: 'Previous qty',
      refunded_quantity: 'Refunded qty',
      refunded: 'Refunded (RM)',
      previous_refunded_quantity: 'Previous refunded qty',
      previous_refunded: 'Previous refunded (RM)',
      voucher: 'Voucher',
      campaign: 'Campaign',
      redemptions: 'Redemptions',
      returned: 'Given back',
      discount_given: 'Discount given (RM)',
      voucher_sales: 'Sales with a voucher after refunds (RM)',
      previous_redemptions: 'Previous redemptions',
      previous_returned: 'Previous given back',
      previous_discount_given: 'Previous discount given (RM)',
      previous_voucher_sales: 'Previous sales with a voucher after refunds (RM)',
    },
    paymentMethods: paymentMethodLabels.en,
    refundMethods: refundPaidByLabels.en,
    servingMethods: servingMethodLabels.en,
    sources: { 'pos-apps': 'POS', 'mobile-apps': 'Mobile app' },
    total: 'Total',
    allCampaigns: 'All',
    noCampaign: 'No campaign',
    sheet: 'Sales',
    wallet: {
      sheet: 'Wallet',
      figure: 'Wallet',
      current: 'This period',
      previous: 'Previous period',
      figures: {
        topups: 'Top-ups',
        topup_amount: 'Topped up (RM)',
        spends: 'Wallet payments',
        spend: 'Paid with the wallet (RM)',
        other_credit: 'Refunds, rewards and credits (RM)',
        other_debit: 'Debits and expiries (RM)',
        opening: 'Outstanding at the start (RM)',
        outstanding: 'Outstanding at the end (RM)',
      },
    },
  },
  my: {
    columns: {
      business_date: 'Tarikh perniagaan',
      previous_business_date: 'Tarikh perniagaan sebelum',
      outlet: 'Cawangan',
      payment_method: 'Kaedah bayaran',
      product: 'Produk',
      sku: 'SKU',
      serving_method: 'Kaedah hidangan',
      source: 'Sumber',
      orders: 'Pesanan',
      gross: 'Jualan kasar (RM)',
      discount: 'Diskaun (RM)',
      net_sales: 'Jualan bersih (RM)',
      service_charge: 'Caj perkhidmatan (RM)',
      service_tax: 'SST (RM)',
      tax_total: 'Cukai dan caj (RM)',
      delivery_fee: 'Caj penghantaran (RM)',
      rounding: 'Pembundaran (RM)',
      net: 'Jumlah (RM)',
      refunds: 'Bayaran balik (RM)',
      net_after_refunds: 'Bersih selepas bayaran balik (RM)',
      rejected: 'Pesanan ditolak',
      rejected_total: 'Jumlah ditolak (RM)',
      previous_orders: 'Pesanan sebelum',
      previous_gross: 'Kasar sebelum (RM)',
      previous_discount: 'Diskaun sebelum (RM)',
      previous_net_sales: 'Jualan bersih sebelum (RM)',
      previous_service_charge: 'Caj perkhidmatan sebelum (RM)',
      previous_service_tax: 'SST sebelum (RM)',
      previous_tax_total: 'Cukai dan caj sebelum (RM)',
      previous_delivery_fee: 'Caj penghantaran sebelum (RM)',
      previous_rounding: 'Pembundaran sebelum (RM)',
      previous_net: 'Jumlah sebelum (RM)',
      previous_refunds: 'Bayaran balik sebelum (RM)',
      previous_net_after_refunds: 'Bersih selepas bayaran balik sebelum (RM)',
      previous_rejected: 'Pesanan ditolak sebelum',
      previous_rejected_total: 'Jumlah ditolak sebelum (RM)',
      payments: 'Bayaran',
      amount: 'Amaun (RM)',
      previous_payments: 'Bayaran sebelum',
      previous_amount: 'Amaun sebelum (RM)',
      refund_count: 'Bilangan bayaran balik',
      previous_refund_count: 'Bilangan bayaran balik sebelum',
      quantity: 'Kuantiti',
      previous_quantity: 'Kuantiti sebelum',
      refunded_quantity: 'Kuantiti dipulangkan',
      refunded: 'Dipulangkan (RM)',
      previous_refunded_quantity: 'Kuantiti dipulangkan sebelum',
      previous_refunded: 'Dipulangkan sebelum (RM)',
      voucher: 'Baucar',
      campaign: 'Kempen',
      redemptions: 'Penebusan',
      returned: 'Dipulangkan',
      discount_given: 'Diskaun diberi (RM)',
      voucher_sales: 'Jualan dengan baucar selepas bayaran balik (RM)',
      previous_redemptions: 'Penebusan sebelum',
      previous_returned: 'Dipulangkan sebelum',
      previous_discount_given: 'Diskaun diberi sebelum (RM)',
      previous_voucher_sales: 'Jualan dengan baucar selepas bayaran balik sebelum (RM)',
    },
    paymentMethods: paymentMethodLabels.my,
    refundMethods: refundPaidByLabels.my,
    servingMethods: servingMethodLabels.my,
    sources: { 'pos-apps': 'POS', 'mobile-apps': 'Aplikasi mudah alih' },
    total: 'Jumlah',
    allCampaigns: 'Semua',
    noCampaign: 'Tiada kempen',
    sheet: 'Jualan',
    wallet: {
      sheet: 'Dompet',
      figure: 'Dompet',
      current: 'Tempoh ini',
      previous: 'Tempoh sebelum',
      figures: {
        topups: 'Tambah nilai',
        topup_amount: 'Ditambah nilai (RM)',
        spends: 'Bayaran dompet',
        spend: 'Dibayar dengan dompet (RM)',
        other_credit: 'Bayaran balik, ganjaran dan kredit (RM)',
        other_debit: 'Debit dan luput (RM)',
        opening: 'Baki tertunggak pada awal (RM)',
        outstanding: 'Baki tertunggak pada akhir (RM)',
      },
    },
  },
};
