import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the variant and add-on library (/product/variant-addon).
const en = {
  title: 'Variant and Addon',
  subtitle:
    'Reusable choices for your products. Editing one here changes every product that uses it.',
  tabs: { groups: 'Variant groups', addons: 'Add-ons' },
  groups: {
    table: 'Variant groups',
    add: 'New variant group',
    name: 'Variant name',
    options: 'Options',
    rule: 'Choices',
    usedBy: 'Used by',
    actions: 'Actions',
    empty: 'No variant groups yet. Create one such as Size or Milk.',
    required: 'Required',
    optional: 'Optional',
    choices: '{{min}}–{{max}} choices',
    upTo: 'up to {{max}}',
    created: 'Variant group created',
    saved: 'Variant group saved',
    deleted: 'Variant group deleted',
    deleteTitle: 'Delete this variant group?',
    deleteMessage: '“{{name}}” and its options will be removed from the library.',
  },
  addons: {
    table: 'Add-ons',
    add: 'New add-on',
    name: 'Add-on name',
    price: 'Price',
    status: 'Status',
    usedBy: 'Used by',
    actions: 'Actions',
    empty: 'No add-ons yet. Create one such as Extra shot or Oat milk.',
    created: 'Add-on created',
    saved: 'Add-on saved',
    deleted: 'Add-on deleted',
    deleteTitle: 'Delete this add-on?',
    deleteMessage: '“{{name}}” will be removed from the library.',
  },
  notUsed: 'Not used yet',
  more: '+{{count}} more',
  edit: 'Edit {{name}}',
  delete: 'Delete {{name}}',
  inUseTitle: 'Still in use',
  inUseMessage_one:
    '“{{name}}” is used by {{count}} product. Remove it from that product first, then delete it.',
  inUseMessage_other:
    '“{{name}}” is used by {{count}} products. Remove it from those products first, then delete it.',
} as const;

const my: FeatureMessages<typeof en> = {
  title: 'Varian dan Tambahan',
  subtitle:
    'Pilihan yang boleh diguna semula untuk produk anda. Menyunting satu di sini mengubah setiap produk yang menggunakannya.',
  tabs: { groups: 'Kumpulan varian', addons: 'Tambahan' },
  groups: {
    table: 'Kumpulan varian',
    add: 'Kumpulan varian baharu',
    name: 'Nama varian',
    options: 'Pilihan',
    rule: 'Pilihan dibenarkan',
    usedBy: 'Digunakan oleh',
    actions: 'Tindakan',
    empty: 'Belum ada kumpulan varian. Cipta satu seperti Saiz atau Susu.',
    required: 'Wajib',
    optional: 'Tidak wajib',
    choices: '{{min}}–{{max}} pilihan',
    upTo: 'sehingga {{max}}',
    created: 'Kumpulan varian dicipta',
    saved: 'Kumpulan varian disimpan',
    deleted: 'Kumpulan varian dipadam',
    deleteTitle: 'Padam kumpulan varian ini?',
    deleteMessage: '“{{name}}” dan pilihannya akan dikeluarkan daripada pustaka.',
  },
  addons: {
    table: 'Tambahan',
    add: 'Tambahan baharu',
    name: 'Nama tambahan',
    price: 'Harga',
    status: 'Status',
    usedBy: 'Digunakan oleh',
    actions: 'Tindakan',
    empty: 'Belum ada tambahan. Cipta satu seperti Syot tambahan atau Susu oat.',
    created: 'Tambahan dicipta',
    saved: 'Tambahan disimpan',
    deleted: 'Tambahan dipadam',
    deleteTitle: 'Padam tambahan ini?',
    deleteMessage: '“{{name}}” akan dikeluarkan daripada pustaka.',
  },
  notUsed: 'Belum digunakan',
  more: '+{{count}} lagi',
  edit: 'Sunting {{name}}',
  delete: 'Padam {{name}}',
  inUseTitle: 'Masih digunakan',
  inUseMessage_one:
    '“{{name}}” digunakan oleh {{count}} produk. Keluarkannya daripada produk itu dahulu, kemudian padam.',
  inUseMessage_other:
    '“{{name}}” digunakan oleh {{count}} produk. Keluarkannya daripada produk tersebut dahulu, kemudian padam.',
};

export const useVariantAddonStrings = defineFeatureStrings('variantAddons', { en, my });
