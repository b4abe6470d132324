import type { ErrorEntry } from './error-entry';

// Errors of the catalogue: products, categories, the variant and add-on library, outlets,
// tenants.
export const catalogueErrors = {
  tenant_required: {
    status: 400,
    en: 'Choose a tenant to work in first',
    my: 'Pilih penyewa untuk bekerja terlebih dahulu',
  },
  category_name_taken: {
    status: 400,
    en: 'A category with this name already exists',
    my: 'Kategori dengan nama ini sudah wujud',
  },
  category_has_products: {
    status: 409,
    en: 'This category still has products. Disable it instead, or move its products first.',
    my: 'Kategori ini masih mempunyai produk. Nyahdayakannya, atau pindahkan produknya terlebih dahulu.',
  },
  sku_taken: {
    status: 400,
    en: 'Another product already uses this SKU',
    my: 'Produk lain sudah menggunakan SKU ini',
  },
  barcode_taken: {
    status: 400,
    en: 'Another product already uses this barcode',
    my: 'Produk lain sudah menggunakan kod bar ini',
  },
  product_has_sales: {
    status: 409,
    en: 'This product has been sold before and cannot be deleted. Archive it instead.',
    my: 'Produk ini pernah dijual dan tidak boleh dipadam. Arkibkannya sebaliknya.',
  },
  too_many_images: {
    status: 400,
    en: 'A product can have at most 10 images',
    my: 'Produk boleh mempunyai paling banyak 10 imej',
  },
  variant_group_in_use: {
    status: 409,
    en: 'This variant group is used by products. Remove it from them first.',
    my: 'Kumpulan varian ini digunakan oleh produk. Keluarkannya daripada produk tersebut dahulu.',
  },
  addon_in_use: {
    status: 409,
    en: 'This add-on is used by products. Remove it from them first.',
    my: 'Tambahan ini digunakan oleh produk. Keluarkannya daripada produk tersebut dahulu.',
  },
  import_file_type: {
    status: 400,
    en: 'Only CSV or XLSX files can be imported',
    my: 'Hanya fail CSV atau XLSX boleh diimport',
  },
  import_invalid: {
    status: 400,
    en: 'The file has errors. Nothing was imported.',
    my: 'Fail mempunyai ralat. Tiada apa-apa diimport.',
  },
  outlet_code_taken: {
    status: 400,
    en: 'Another outlet already uses this code',
    my: 'Cawangan lain sudah menggunakan kod ini',
  },
  outlet_in_use: {
    status: 409,
    en: 'This outlet has staff or orders and cannot be deleted. Disable it instead.',
    my: 'Cawangan ini mempunyai kakitangan atau pesanan dan tidak boleh dipadam. Nyahdayakannya sebaliknya.',
  },
  tenant_slug_taken: {
    status: 400,
    en: 'Another tenant already uses this slug',
    my: 'Penyewa lain sudah menggunakan slug ini',
  },
  not_platform_user: {
    status: 403,
    en: 'Only platform staff can work inside another tenant',
    my: 'Hanya kakitangan platform boleh bekerja dalam penyewa lain',
  },
} as const satisfies Record<string, ErrorEntry>;
