import type { Locale } from './locale';
import type { OrderStatus } from './status-machines';
import { paymentMethodLabels, servingMethodLabels } from './method-labels';
import type { PaymentMethod, ServingMethod } from './pricing';

// The words of the order list's CSV (GET /api/orders/export), in the requester's language. They
// are the words the order screens show (a web test holds them together), so a column, a status or
// a payment method reads the same on screen and in the spreadsheet. Money columns say "(RM)"
// because the file's amounts are ringgit with two decimals.

/** An order's money columns, from its subtotal to its total, as every file lists them. */
export const orderMoneyColumns = [
  'subtotal',
  'discount',
  'service_charge',
  'service_tax',
  'delivery_fee',
  'rounding',
  'total',
] as const;

/** The headers of an order's charges after the subtotal, and of its total, in each language. */
export const orderChargeColumnLabels = {
  en: {
    discount: 'Discount (RM)',
    service_charge: 'Service charge (RM)',
    service_tax: 'SST (RM)',
    delivery_fee: 'Delivery fee (RM)',
    rounding: 'Rounding (RM)',
    total: 'Total (RM)',
  },
  my: {
    discount: 'Diskaun (RM)',
    service_charge: 'Caj perkhidmatan (RM)',
    service_tax: 'SST (RM)',
    delivery_fee: 'Caj penghantaran (RM)',
    rounding: 'Pembundaran (RM)',
    total: 'Jumlah (RM)',
  },
} as const satisfies Record<
  Locale,
  Record<Exclude<(typeof orderMoneyColumns)[number], 'subtotal'>, string>
>;

export const orderFileColumns = [
  'order_no',
  'business_date',
  'created_at',
  'outlet',
  'via',
  'serving_method',
  'table_no',
  'customer_name',
  'customer_phone',
  'payment_methods',
  'status',
  ...orderMoneyColumns,
  'paid',
  'refunded',
  'staff',
] as const;
export type OrderFileColumn = (typeof orderFileColumns)[number];

export interface OrderFileLabels {
  columns: Record<OrderFileColumn, string>;
  via: Record<'POS' | 'MOBILE', string>;
  statuses: Record<OrderStatus, string>;
  paymentMethods: Record<PaymentMethod, string>;
  servingMethods: Record<ServingMethod, string>;
}

export const orderFileLabels: Record<Locale, OrderFileLabels> = {
  en: {
    columns: {
      order_no: 'Order no.',
      business_date: 'Business date',
      created_at: 'Date / time',
      outlet: 'Outlet',
      via: 'Via',
      serving_method: 'Serving method',
      table_no: 'Table no.',
      customer_name: 'Customer name',
      customer_phone: 'Customer phone',
      payment_methods: 'Payment method',
      status: 'Status',
      subtotal: 'Subtotal (RM)',
      ...orderChargeColumnLabels.en,
      paid: 'Paid (RM)',
      refunded: 'Refunded (RM)',
      staff: 'Staff',
    },
    via: { POS: 'POS', MOBILE: 'MOBILE' },
    statuses: {
      CREATED: 'Created',
      PENDING: 'Pending',
      APPROVED: 'Approved',
      REJECTED: 'Rejected',
      COMPLETED: 'Completed',
      CLOSED: 'Closed',
    },
    paymentMethods: paymentMethodLabels.en,
    servingMethods: servingMethodLabels.en,
  },
  my: {
    columns: {
      order_no: 'No. pesanan',
      business_date: 'Tarikh perniagaan',
      created_at: 'Tarikh / masa',
      outlet: 'Cawangan',
      via: 'Melalui',
      serving_method: 'Kaedah hidangan',
      table_no: 'No. meja',
      customer_name: 'Nama pelanggan',
      customer_phone: 'Telefon pelanggan',
      payment_methods: 'Kaedah bayaran',
      status: 'Status',
      subtotal: 'Jumlah kecil (RM)',
      ...orderChargeColumnLabels.my,
      paid: 'Dibayar (RM)',
      refunded: 'Dipulangkan (RM)',
      staff: 'Kakitangan',
    },
    via: { POS: 'POS', MOBILE: 'MUDAH ALIH' },
    statuses: {
      CREATED: 'Dicipta',
      PENDING: 'Menunggu',
      APPROVED: 'Diluluskan',
      REJECTED: 'Ditolak',
      COMPLETED: 'Selesai',
      CLOSED: 'Ditutup',
    },
    paymentMethods: paymentMethodLabels.my,
    servingMethods: servingMethodLabels.my,
  },
};
