import type { UiMessages } from './ui-messages';

// The bell's notification texts in Melayu (same shape as en-shell.ts's notify).
export const myNotify: UiMessages['notify'] = {
  welcome: {
    title: 'Selamat datang ke Kopi HQ',
    body: 'Perniagaan demo anda sudah sedia: tiga cawangan dan seorang pengguna bagi setiap peranan.',
  },
  outletOpen: {
    title: 'Cawangan {{outlet}} sudah dibuka',
    body: 'Pesanan daripada POS dan aplikasi mudah alih akan dipaparkan di sini.',
  },
  finishSetup: {
    title: 'Lengkapkan persediaan',
    body: 'Tambah produk dan kategori anda, kemudian jemput kakitangan anda.',
  },
  orderPaid: {
    title: 'Pesanan baharu {{order_no}}',
    body: 'Aplikasi mudah alih · {{serving}} · {{total}}',
  },
  orderPaidTable: { body: 'Aplikasi mudah alih · {{serving}} · meja {{table}} · {{total}}' },
  paidAfterCancel: {
    title: 'Pesanan {{order_no}} dibayar selepas ia dibatalkan',
    body: '{{amount}} perlu dipulangkan ({{provider}})',
  },
  paidTwice: {
    title: 'Pesanan {{order_no}} dibayar selepas ia sudah dibayar',
    body: '{{amount}} perlu dipulangkan ({{provider}})',
  },
  customerCancelled: {
    title: 'Pesanan {{order_no}} dibatalkan oleh pelanggan',
    body: '{{by}} membatalkannya',
  },
  customerCancelledReason: { body: '{{by}}: {{reason}}' },
  customerCancelledRefund: { body: '{{by}} membatalkannya · bayaran balik {{refund}}' },
  customerCancelledReasonRefund: { body: '{{by}}: {{reason}} · bayaran balik {{refund}}' },
  posSale: { title: 'Pesanan baharu {{order_no}}', body: 'POS · {{serving}} · {{total}}' },
  posSaleTable: { body: 'POS · {{serving}} · meja {{table}} · {{total}}' },
  orderAccepted: { title: 'Pesanan {{order_no}} diterima', body: 'oleh {{by}}' },
  orderReady: { title: 'Pesanan {{order_no}} sudah siap', body: 'oleh {{by}}' },
  orderRejected: { title: 'Pesanan {{order_no}} ditolak', body: 'oleh {{by}}' },
  refundRequested: {
    title: 'Bayaran balik {{refund_no}} diminta',
    body: '{{amount}} · oleh {{by}}',
  },
  refundApproved: {
    title: 'Bayaran balik {{refund_no}} diluluskan',
    body: '{{amount}} · oleh {{by}}',
  },
  refundCompleted: {
    title: 'Bayaran balik {{refund_no}} selesai',
    body: '{{amount}} · oleh {{by}}',
  },
  refundPayoutFailed: {
    title: 'Bayaran balik {{refund_no}} tidak dapat dipulangkan oleh penyedia',
    body: '{{amount}} · pulangkan secara manual',
  },
  orderMovedReason: { body: '{{by}}: {{reason}}' },
  serving: { dine_in: 'Makan di sini', pick_up: 'Ambil sendiri', delivery: 'Penghantaran' },
};
