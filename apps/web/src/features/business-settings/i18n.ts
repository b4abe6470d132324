import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the business settings screen (/tenant/business-settings, the tenant's admin).
const en = {
  page: {
    title: 'Business Settings',
    subtitle:
      'Tax, service charge, rounding, registration numbers, receipts and the business day of {{name}}.',
    newOrdersOnly:
      'Changes apply to new orders only: orders already placed keep the amounts they were charged.',
    error: 'The business settings could not be loaded.',
  },
  form: {
    title: 'Settings',
    save: 'Save settings',
    saved: 'Business settings saved',
    rates: 'Tax and service charge',
    serviceTax: 'Service tax (SST)',
    serviceTaxHint: '6 for 6%. 0 if not SST-registered.',
    serviceCharge: 'Service charge',
    serviceChargeHint: '10 for 10%. 0 to switch it off.',
    chargeMethods: 'Service charge applies to',
    chargeTaxable: 'SST applies to the service charge',
    cashRounding: 'Round cash bills to the nearest 5 sen',
    registration: 'Registration numbers',
    sst: 'SST registration number',
    brn: 'Business registration number (BRN)',
    tin: 'Tax identification number (TIN)',
    receipt: 'Receipt',
    header: 'Receipt header',
    headerHint: 'Printed under the business name, e.g. a halal note or the Wi-Fi password.',
    footer: 'Receipt footer',
    footerHint: 'Printed at the end instead of “Thank you! Please come again.”',
    headerMy: 'Receipt header (Melayu)',
    headerMyHint: 'Printed instead on a receipt in Malay. Left empty, the header above is printed.',
    footerMy: 'Receipt footer (Melayu)',
    footerMyHint: 'Printed instead on a receipt in Malay. Left empty, the footer above is printed.',
    counter: 'Counter',
    shiftsRequired: 'A sale at the POS needs an open shift',
    blindCount: 'Blind count: hide the expected cash until the closing count is saved',
    cashOutLimit: 'Cash out without a manager’s PIN, up to',
    cashOutLimitHint: 'A larger cash out needs a manager’s PIN at the till. Empty: no limit.',
    varianceTolerance: 'Drawer variance allowed without a note',
    varianceToleranceHint:
      'A closing count further off than this needs a reason and a manager’s approval.',
    discountMax: 'Largest manual discount',
    discountMaxHint: 'Percent of the subtotal a cashier may take off. 0 allows none.',
    businessDay: 'Business day',
    cutoff: 'Business day starts at',
    cutoffHint: 'Sales before this hour count for the previous day (e.g. 04:00).',
  },
  logo: {
    title: 'Receipt logo',
    hint: 'JPEG, PNG or WebP up to 2 MB. Printed at the top of every receipt.',
    none: 'No logo',
    alt: 'Receipt logo of {{name}}',
    upload: 'Upload logo',
    replace: 'Replace logo',
    remove: 'Remove logo',
    uploaded: 'Receipt logo saved',
    removed: 'Receipt logo removed',
  },
  serving: {
    dine_in: 'Dine in',
    pick_up: 'Pick up',
    delivery: 'Delivery',
  },
} as const;

const my: FeatureMessages<typeof en> = {
  page: {
    title: 'Tetapan Perniagaan',
    subtitle:
      'Cukai, caj perkhidmatan, pembundaran, nombor pendaftaran, resit dan hari perniagaan {{name}}.',
    newOrdersOnly:
      'Perubahan hanya untuk pesanan baharu: pesanan yang telah dibuat kekal dengan amaun yang dicaj.',
    error: 'Tetapan perniagaan tidak dapat dimuatkan.',
  },
  form: {
    title: 'Tetapan',
    save: 'Simpan tetapan',
    saved: 'Tetapan perniagaan disimpan',
    rates: 'Cukai dan caj perkhidmatan',
    serviceTax: 'Cukai perkhidmatan (SST)',
    serviceTaxHint: '6 untuk 6%. 0 jika tidak berdaftar SST.',
    serviceCharge: 'Caj perkhidmatan',
    serviceChargeHint: '10 untuk 10%. 0 untuk mematikannya.',
    chargeMethods: 'Caj perkhidmatan dikenakan pada',
    chargeTaxable: 'SST dikenakan pada caj perkhidmatan',
    cashRounding: 'Bundarkan bil tunai kepada 5 sen terdekat',
    registration: 'Nombor pendaftaran',
    sst: 'Nombor pendaftaran SST',
    brn: 'Nombor pendaftaran perniagaan (BRN)',
    tin: 'Nombor pengenalan cukai (TIN)',
    counter: 'Kaunter',
    shiftsRequired: 'Jualan di POS memerlukan syif yang dibuka',
    blindCount: 'Kiraan buta: sembunyikan tunai dijangka sehingga kiraan penutup disimpan',
    cashOutLimit: 'Keluarkan tunai tanpa PIN pengurus, sehingga',
    cashOutLimitHint: 'Jumlah lebih besar memerlukan PIN pengurus di kaunter. Kosong: tiada had.',
    varianceTolerance: 'Perbezaan laci dibenarkan tanpa catatan',
    varianceToleranceHint:
      'Kiraan penutup yang berbeza lebih daripada ini memerlukan sebab dan kelulusan pengurus.',
    discountMax: 'Diskaun manual terbesar',
    discountMaxHint:
      'Peratus subjumlah yang boleh dipotong oleh juruwang. 0 tidak membenarkan diskaun.',
    receipt: 'Resit',
    header: 'Pengepala resit',
    headerHint: 'Dicetak di bawah nama perniagaan, cth. nota halal atau kata laluan Wi-Fi.',
    footer: 'Pengaki resit',
    footerHint: 'Dicetak di hujung menggantikan “Terima kasih! Sila datang lagi.”',
    headerMy: 'Pengepala resit (Melayu)',
    headerMyHint:
      'Dicetak sebagai ganti pada resit dalam bahasa Melayu. Jika kosong, pengepala di atas dicetak.',
    footerMy: 'Pengaki resit (Melayu)',
    footerMyHint:
      'Dicetak sebagai ganti pada resit dalam bahasa Melayu. Jika kosong, pengaki di atas dicetak.',
    businessDay: 'Hari perniagaan',
    cutoff: 'Hari perniagaan bermula pada',
    cutoffHint: 'Jualan sebelum jam ini dikira untuk hari sebelumnya (cth. 04:00).',
  },
  logo: {
    title: 'Logo resit',
    hint: 'JPEG, PNG atau WebP sehingga 2 MB. Dicetak di bahagian atas setiap resit.',
    none: 'Tiada logo',
    alt: 'Logo resit {{name}}',
    upload: 'Muat naik logo',
    replace: 'Ganti logo',
    remove: 'Buang logo',
    uploaded: 'Logo resit disimpan',
    removed: 'Logo resit dibuang',
  },
  serving: {
    dine_in: 'Makan di sini',
    pick_up: 'Ambil sendiri',
    delivery: 'Penghantaran',
  },
};

export const useBusinessSettingsStrings = defineFeatureStrings('business-settings', { en, my });
