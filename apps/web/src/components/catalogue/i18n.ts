import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the variant-group and add-on dialogs, which the library page and the product form
// both open.
const en = {
  group: {
    createTitle: 'New variant group',
    editTitle: 'Edit variant group',
    variantName: 'Variant name',
    variantNameHint: 'What the customer chooses, e.g. Size, Milk, Sugar level.',
    variantNameMy: 'Variant name (Melayu)',
    nameMyHint: 'Shown on Malay screens; empty shows the English name.',
    required: 'Customers must choose',
    minSelect: 'Minimum choices',
    maxSelect: 'Maximum choices',
    options: 'Options',
    optionsName: 'Option name',
    optionsNameMy: 'Option name (Melayu)',
    price: 'Price difference',
    priceHint: 'Added to the product price; negative for a cheaper option.',
    addOption: 'Add option',
    default: 'Default',
    removeOption: 'Remove option {{n}}',
    option: 'Option {{n}}',
    usedBy_one: 'Used by {{count}} product: changes apply to it.',
    usedBy_other: 'Used by {{count}} products: changes apply to all of them.',
  },
  addon: {
    createTitle: 'New add-on',
    editTitle: 'Edit add-on',
    addonsName: 'Add-on name',
    addonsNameMy: 'Add-on name (Melayu)',
    nameMyHint: 'Shown on Malay screens; empty shows the English name.',
    price: 'Price',
    status: 'Status',
    active: 'Active',
    disabled: 'Disabled',
  },
} as const;

const my: FeatureMessages<typeof en> = {
  group: {
    createTitle: 'Kumpulan varian baharu',
    editTitle: 'Sunting kumpulan varian',
    variantName: 'Nama varian',
    variantNameHint: 'Apa yang dipilih pelanggan, cth. Saiz, Susu, Tahap gula.',
    variantNameMy: 'Nama varian (Melayu)',
    nameMyHint: 'Dipaparkan pada skrin bahasa Melayu; jika kosong, nama Inggeris dipaparkan.',
    required: 'Pelanggan mesti memilih',
    minSelect: 'Pilihan minimum',
    maxSelect: 'Pilihan maksimum',
    options: 'Pilihan',
    optionsName: 'Nama pilihan',
    optionsNameMy: 'Nama pilihan (Melayu)',
    price: 'Beza harga',
    priceHint: 'Ditambah pada harga produk; negatif untuk pilihan lebih murah.',
    addOption: 'Tambah pilihan',
    default: 'Lalai',
    removeOption: 'Buang pilihan {{n}}',
    option: 'Pilihan {{n}}',
    usedBy_one: 'Digunakan oleh {{count}} produk: perubahan terpakai padanya.',
    usedBy_other: 'Digunakan oleh {{count}} produk: perubahan terpakai pada semuanya.',
  },
  addon: {
    createTitle: 'Tambahan baharu',
    editTitle: 'Sunting tambahan',
    addonsName: 'Nama tambahan',
    addonsNameMy: 'Nama tambahan (Melayu)',
    nameMyHint: 'Dipaparkan pada skrin bahasa Melayu; jika kosong, nama Inggeris dipaparkan.',
    price: 'Harga',
    status: 'Status',
    active: 'Aktif',
    disabled: 'Dinyahdayakan',
  },
};

export const useCatalogueDialogStrings = defineFeatureStrings('catalogueDialogs', { en, my });
