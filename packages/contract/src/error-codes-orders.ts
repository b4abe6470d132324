import type { ErrorEntry } from './error-entry';

// Errors of orders, the POS and closing the day.
export const orderErrors = {
  outlet_closed: {
    status: 400,
    en: 'This outlet is closed now. Confirm a sale outside opening hours to go ahead.',
    my: 'Cawangan ini ditutup sekarang. Sahkan jualan di luar waktu operasi untuk meneruskan.',
  },
  outlet_not_accepting_orders: {
    status: 400,
    en: 'This outlet is not taking orders right now',
    my: 'Cawangan ini tidak menerima pesanan sekarang',
  },
  serving_method_unavailable: {
    status: 400,
    en: 'This outlet does not offer this serving method',
    my: 'Cawangan ini tidak menawarkan kaedah hidangan ini',
  },
  product_unavailable: {
    status: 400,
    en: 'A product in the cart is not sold at this outlet',
    my: 'Produk dalam troli tidak dijual di cawangan ini',
  },
  product_sold_out: {
    status: 400,
    en: 'A product in the cart is sold out today',
    my: 'Produk dalam troli telah habis dijual hari ini',
  },
  invalid_product_options: {
    status: 400,
    en: 'The choices of a product in the cart are not valid',
    my: 'Pilihan produk dalam troli tidak sah',
  },
  discount_not_allowed: {
    status: 400,
    en: 'A discount cannot be set directly: give a manual discount or apply a voucher code',
    my: 'Diskaun tidak boleh ditetapkan terus: beri diskaun manual atau gunakan kod baucar',
  },
  manual_discount_not_permitted: {
    status: 403,
    en: 'You may not give a manual discount',
    my: 'Anda tidak dibenarkan memberi diskaun manual',
  },
  manual_discount_over_max: {
    status: 400,
    en: 'The manual discount is more than the maximum allowed',
    my: 'Diskaun manual melebihi had maksimum yang dibenarkan',
  },
  payment_mismatch: {
    status: 400,
    en: 'The payments do not add up to the total',
    my: 'Jumlah bayaran tidak sama dengan jumlah keseluruhan',
  },
  day_closed: {
    status: 409,
    en: 'This business day is already closed for the outlet',
    my: 'Hari perniagaan ini telah ditutup bagi cawangan ini',
  },
  order_already_exists: {
    status: 409,
    en: 'This sale was already recorded',
    my: 'Jualan ini telah pun direkodkan',
  },
  invalid_status_transition: {
    status: 409,
    en: 'The order cannot move to this status',
    my: 'Pesanan tidak boleh beralih ke status ini',
  },
  orders_still_open: {
    status: 409,
    en: 'Some orders of this day or an earlier day are still open. Complete or reject them first.',
    my: 'Beberapa pesanan hari ini atau hari sebelumnya masih terbuka. Selesaikan atau tolak dahulu.',
  },
  // An export past its row limit is refused rather than cut short (a partial file looks whole).
  export_too_large: {
    status: 400,
    en: 'Too many records match to export at once. Narrow the dates or filters and export again.',
    my: 'Terlalu banyak rekod sepadan untuk dieksport sekali gus. Kecilkan julat tarikh atau tapisan dan eksport semula.',
  },
  // Refunds.
  refund_exceeds_paid: {
    status: 409,
    en: 'This refund is more than what remains refundable on the order',
    my: 'Bayaran balik ini melebihi baki yang boleh dipulangkan bagi pesanan ini',
  },
  refund_order_not_paid: {
    status: 409,
    en: 'Only a paid order can be refunded',
    my: 'Hanya pesanan yang telah dibayar boleh dipulangkan',
  },
  refund_item_unknown: {
    status: 400,
    en: 'An item is not on this order',
    my: 'Satu item tiada dalam pesanan ini',
  },
  refund_own_request: {
    status: 403,
    en: 'You asked for this refund, so someone else must approve it',
    my: 'Anda yang meminta bayaran balik ini, jadi orang lain mesti meluluskannya',
  },
  refund_above_manager_limit: {
    status: 403,
    en: 'This refund is above the amount a manager may approve; finance or an admin must approve it',
    my: 'Bayaran balik ini melebihi jumlah yang boleh diluluskan oleh pengurus; kewangan atau pentadbir mesti meluluskannya',
  },
  refund_method_unavailable: {
    status: 400,
    en: 'This refund method cannot be used for this order',
    my: 'Kaedah bayaran balik ini tidak boleh digunakan untuk pesanan ini',
  },
  refund_awaiting_provider: {
    status: 409,
    en: 'This refund is being paid back through the payment provider; it completes when the provider confirms it',
    my: 'Bayaran balik ini sedang dipulangkan melalui penyedia pembayaran; ia selesai apabila penyedia mengesahkannya',
  },
} as const satisfies Record<string, ErrorEntry>;
