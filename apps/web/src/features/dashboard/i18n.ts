import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the dashboard's figures. The greeting and the welcome view use the shell's
// `dashboard.*` strings, which every signed-in user sees.
const en = {
  header: {
    today: 'Business day {{date}}, compared with {{compare}}',
    updated: 'Updated {{time}}',
    freshness:
      'Figures for {{compare}} as of {{time}} (the reporting copy is {{seconds}} s behind)',
    live: 'Live',
    outlet: 'Outlet',
    allOutlets: 'All outlets',
    loadError: 'The dashboard figures could not be loaded.',
    retry: 'Try again',
  },
  kpi: {
    net: 'Net sales today',
    orders: 'Orders today',
    averageTicket: 'Average ticket',
    refunds: 'Refunds today',
    netAfterRefunds: 'Net after refunds today',
    soFar: '{{day}} by this time: {{value}}',
    wholeDay: 'Whole of {{day}}: {{value}}',
  },
  customers: {
    title: 'Customers today',
    new: 'New customers today',
    newHint: 'Joined in the app or at the counter (all outlets)',
    returning: 'Returning customers today',
    returningHint: 'Paid for an order today and on an earlier day',
  },
  waiting: {
    title: 'Waiting times today',
    toReady: 'Average placed → ready',
    toHandedOver: 'Average ready → handed over',
    duration: '{{minutes}} min {{seconds}} s',
    over_one: 'Over {{count}} order today',
    over_other: 'Over {{count}} orders today',
  },
  hourly: {
    title: 'Sales by hour',
    chart: 'Net sales by hour, today and the same weekday last week',
    today: 'Today',
  },
  top: {
    title: 'Top products today',
    product: 'Product',
    quantity: 'Qty',
    gross: 'Gross (RM)',
    empty: 'No products sold yet today.',
  },
  outlets: {
    title: 'Outlet leaderboard',
    outlet: 'Outlet',
    net: 'Net (RM)',
    orders: 'Orders',
    lastWeek: 'Last week {{value}}',
    lastWeekHint: 'Whole of {{day}}',
    empty: 'No outlets.',
  },
  channels: {
    title: 'Orders by source and serving method',
    source: 'Source',
    serving: 'Serving method',
    orders_one: '{{n}} order',
    orders_other: '{{n}} orders',
    'pos-apps': 'POS',
    'mobile-apps': 'Mobile app',
  },
  open: {
    title: 'Open orders right now',
    total: 'Open',
    byOutlet: 'By outlet',
    none: 'No open orders.',
    board: 'Open the status board',
  },
};

const my: FeatureMessages<typeof en> = {
  header: {
    today: 'Hari perniagaan {{date}}, dibandingkan dengan {{compare}}',
    updated: 'Dikemas kini {{time}}',
    freshness:
      'Angka bagi {{compare}} setakat {{time}} (salinan laporan ketinggalan {{seconds}} saat)',
    live: 'Langsung',
    outlet: 'Cawangan',
    allOutlets: 'Semua cawangan',
    loadError: 'Angka papan pemuka tidak dapat dimuatkan.',
    retry: 'Cuba lagi',
  },
  kpi: {
    net: 'Jualan bersih hari ini',
    orders: 'Pesanan hari ini',
    averageTicket: 'Purata bil',
    refunds: 'Bayaran balik hari ini',
    netAfterRefunds: 'Bersih selepas bayaran balik hari ini',
    soFar: '{{day}} pada waktu ini: {{value}}',
    wholeDay: 'Sepanjang {{day}}: {{value}}',
  },
  customers: {
    title: 'Pelanggan hari ini',
    new: 'Pelanggan baharu hari ini',
    newHint: 'Mendaftar dalam aplikasi atau di kaunter (semua cawangan)',
    returning: 'Pelanggan kembali hari ini',
    returningHint: 'Membayar pesanan hari ini dan pada hari sebelumnya',
  },
  waiting: {
    title: 'Masa menunggu hari ini',
    toReady: 'Purata dibuat → siap',
    toHandedOver: 'Purata siap → diserahkan',
    duration: '{{minutes}} min {{seconds}} saat',
    over_one: 'Daripada {{count}} pesanan hari ini',
    over_other: 'Daripada {{count}} pesanan hari ini',
  },
  hourly: {
    title: 'Jualan mengikut jam',
    chart: 'Jualan bersih mengikut jam, hari ini dan hari yang sama minggu lepas',
    today: 'Hari ini',
  },
  top: {
    title: 'Produk teratas hari ini',
    product: 'Produk',
    quantity: 'Kuantiti',
    gross: 'Kasar (RM)',
    empty: 'Belum ada produk dijual hari ini.',
  },
  outlets: {
    title: 'Kedudukan cawangan',
    outlet: 'Cawangan',
    net: 'Bersih (RM)',
    orders: 'Pesanan',
    lastWeek: 'Minggu lepas {{value}}',
    lastWeekHint: 'Sepanjang {{day}}',
    empty: 'Tiada cawangan.',
  },
  channels: {
    title: 'Pesanan mengikut sumber dan kaedah hidangan',
    source: 'Sumber',
    serving: 'Kaedah hidangan',
    orders_one: '{{n}} pesanan',
    orders_other: '{{n}} pesanan',
    'pos-apps': 'POS',
    'mobile-apps': 'Aplikasi mudah alih',
  },
  open: {
    title: 'Pesanan terbuka sekarang',
    total: 'Terbuka',
    byOutlet: 'Mengikut cawangan',
    none: 'Tiada pesanan terbuka.',
    board: 'Buka papan status',
  },
};

export const useDashboardStrings = defineFeatureStrings('dashboardFigures', { en, my });
