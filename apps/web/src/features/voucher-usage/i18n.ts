import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';
import { en } from './strings-en';

// Strings of the voucher campaign screen's usage views: English in strings-en.ts, Malay here.
const my: FeatureMessages<typeof en> = {
  page: {
    title: 'Kempen baucar',
    subtitle:
      'Bagaimana baucar digunakan: hari demi hari, semasa ia berlaku, dan bagi setiap kempen yang berjalan.',
    tabs: 'Paparan kempen baucar',
    retry: 'Cuba lagi',
  },
  tabs: {
    daily: 'Penggunaan harian',
    latest: 'Penggunaan terkini',
    ongoing: 'Kempen berjalan',
  },
  actions: {
    exportCsv: 'Eksport CSV',
    exportXlsx: 'Eksport XLSX',
  },
  filters: {
    from: 'Dari',
    to: 'Hingga',
    outlet: 'Cawangan',
    allOutlets: 'Semua cawangan',
  },
  figures: {
    date: 'Tarikh perniagaan',
    redemptions: 'Penebusan',
    returned: 'Dipulangkan',
    discountGiven: 'Diskaun diberi',
    sales: 'Jualan dengan baucar',
    refunds: 'Bayaran balik',
    total: 'Jumlah',
  },
  daily: {
    chart: 'Diskaun diberi dan jualan dengan baucar mengikut hari',
    table: 'Penggunaan baucar mengikut hari',
    loadError: 'Penggunaan harian tidak dapat dimuatkan.',
    empty: 'Tiada baucar digunakan dalam tempoh ini.',
    note: 'Pemulangan dan bayaran balik dikira pada hari ia berlaku, jadi sesuatu hari boleh menunjukkan kurang daripada sifar.',
  },
  latest: {
    table: 'Penebusan terkini',
    loadError: 'Penebusan terkini tidak dapat dimuatkan.',
    empty: 'Belum ada baucar ditebus.',
    live: 'Dikemas kini apabila pesanan masuk.',
    order: 'Pesanan',
    customer: 'Pelanggan',
    noCustomer: 'Pelanggan biasa',
    masked: 'Huruf awal sahaja: membaca pelanggan memerlukan kebenaran pelanggan.',
    outlet: 'Cawangan',
    voucher: 'Baucar',
    campaign: 'Kempen',
    noCampaign: '—',
    discount: 'Diskaun',
    time: 'Masa',
    givenBack: 'Dipulangkan',
  },
  ongoing: {
    table: 'Kempen yang sedang berjalan',
    loadError: 'Kempen yang berjalan tidak dapat dimuatkan.',
    empty: 'Tiada kempen sedang berjalan.',
    campaign: 'Kempen',
    period: 'Tempoh',
    issued: 'Dikeluarkan',
    redeemed: 'Ditebus',
    rate: 'Kadar penebusan',
    noRate: '—',
    discountGiven: 'Diskaun diberi',
    sales: 'Jualan dijana',
    daysLeft: 'Hari berbaki',
    daysLeftValue_one: '{{count}} hari',
    daysLeftValue_other: '{{count}} hari',
  },
};

export const useVoucherUsageStrings = defineFeatureStrings('voucherUsage', { en, my });
