import type { productImportColumns } from '@kopi/contract';
import { messageKey } from '@kopi/contract';
import type { ParsedFile } from './product-files';
import { parseRinggit } from './product-files';
import { malayName } from '../../lib/malay-name';
import type { ProductValues } from './products.repo';
import { isUuid } from '../../lib/uuid';

// Validation of an import file, pure: every row is checked against the tenant's categories and
// products and against the other rows, and all problems are reported at once with the
// spreadsheet row number, so a file is fixed in one pass. Messages are contract message keys.

export interface ImportLookup {
  categoryRows: { id: string; nameEn: string }[];
  productRows: { id: string; sku: string; barcode: string | null }[];
}

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportPlan {
  errors: ImportRowError[];
  creates: ProductValues[];
  updates: { id: string; values: ProductValues }[];
}

const REQUIRED = ['sku', 'name', 'category', 'base_price'] as const;
const MAX_ERRORS = 1000;
const MAX_PRICE = 100_000_000;

export const normaliseTags = (tags: string[]) => [
  ...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0)),
];

export function planImport(file: ParsedFile, lookup: ImportLookup): ImportPlan {
  const errors: ImportRowError[] = [];
  const add = (row: number, field: string, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ row, field, message });
  };

  const missing = REQUIRED.filter((c) => !file.header.includes(c));
  for (const column of missing) add(1, column, messageKey('required'));
  if (file.rows.length === 0) add(1, 'file', messageKey('min_items', { minCount: 1 }));
  if (missing.length > 0) return { errors, creates: [], updates: [] };

  const categoryByName = new Map(lookup.categoryRows.map((c) => [c.nameEn.toLowerCase(), c.id]));
  const categoryIds = new Set(lookup.categoryRows.map((c) => c.id));
  const productBySku = new Map(lookup.productRows.map((p) => [p.sku.toLowerCase(), p]));
  const barcodeOwner = new Map(
    lookup.productRows.filter((p) => p.barcode).map((p) => [p.barcode!, p.id]),
  );
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  // Products whose barcode the file changes: their old barcode is free for another row.
  const reassigned = new Set<string>();

  const creates: ProductValues[] = [];
  const updates: { id: string; values: ProductValues }[] = [];
  const pendingBarcodes: { row: number; barcode: string; productId: string | null }[] = [];

  for (const { row, values } of file.rows) {
    const before = errors.length;
    const text = (column: (typeof productImportColumns)[number], max: number) => {
      const v = values[column] ?? '';
      if (v.length > max) add(row, column, messageKey('max_length', { max }));
      return v;
    };
    const sku = text('sku', 40);
    const name = text('name', 120);
    // Without the column the Malay names stay as they are (undefined: not written).
    const nameMy = file.header.includes('name_my') ? malayName(text('name_my', 120)) : undefined;
    const categoryText = values.category ?? '';
    const barcode = text('barcode', 40) || null;
    const description = text('description', 2000) || null;
    for (const column of REQUIRED) {
      if (!(values[column] ?? '')) add(row, column, messageKey('required'));
    }

    if (sku) {
      const key = sku.toLowerCase();
      const first = skuRow.get(key);
      if (first !== undefined) add(row, 'sku', messageKey('duplicate_in_file', { row: first }));
      else skuRow.set(key, row);
    }

    let categoryId: string | null = null;
    if (categoryText) {
      categoryId = isUuid(categoryText)
        ? categoryIds.has(categoryText.toLowerCase())
          ? categoryText.toLowerCase()
          : null
        : (categoryByName.get(categoryText.toLowerCase()) ?? null);
      if (!categoryId) add(row, 'category', messageKey('unknown_category'));
    }

    const price = (column: 'base_price' | 'discounted_price') => {
      const raw = values[column] ?? '';
      if (!raw) return null;
      const sen = parseRinggit(raw);
      if (sen === null) add(row, column, messageKey('price_format'));
      else if (sen > MAX_PRICE) add(row, column, messageKey('max_value', { max: MAX_PRICE / 100 }));
      return sen;
    };
    const basePrice = price('base_price');
    const discountedPrice = price('discounted_price');
    if (basePrice !== null && discountedPrice !== null && discountedPrice >= basePrice) {
      add(row, 'discounted_price', messageKey('discounted_price_too_high'));
    }

    const statusText = (values.status ?? '').toLowerCase() || 'active';
    if (statusText !== 'active' && statusText !== 'disabled') {
      add(row, 'status', messageKey('status_value'));
    }

    const tags = normaliseTags((values.tags ?? '').split(/[,|]/));
    if (tags.length > 20) add(row, 'tags', messageKey('max_items', { maxCount: 20 }));
    if (tags.some((t) => t.length > 30)) add(row, 'tags', messageKey('max_length', { max: 30 }));

    const existing = sku ? productBySku.get(sku.toLowerCase()) : undefined;
    if (barcode) {
      const first = barcodeRow.get(barcode);
      if (first !== undefined) add(row, 'barcode', messageKey('duplicate_in_file', { row: first }));
      else barcodeRow.set(barcode, row);
      pendingBarcodes.push({ row, barcode, productId: existing?.id ?? null });
    }
    if (existing && existing.barcode !== barcode) reassigned.add(existing.id);

    if (errors.length > before || !categoryId || basePrice === null) continue;
    const product: ProductValues = {
      categoryId,
      name,
      nameMy,
      sku,
      barcode,
      description,
      status: statusText,
      tags,
      basePrice,
      discountedPrice,
    };
    if (existing) updates.push({ id: existing.id, values: product });
    else creates.push(product);
  }

  // A barcode is taken when a product outside this row holds it and keeps it after the import.
  for (const { row, barcode, productId } of pendingBarcodes) {
    const owner = barcodeOwner.get(barcode);
    if (owner && owner !== productId && !reassigned.has(owner)) {
      add(row, 'barcode', messageKey('barcode_taken'));
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { errors, creates, updates };
}
