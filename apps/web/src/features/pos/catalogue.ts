import type { PosMenuProduct } from '@kopi/contract';

// Finding products at the counter: the category chosen, a search by name (English or Malay) or SKU (which looks in
// every category: the cashier types what the customer asked for), and a scanned code.

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export function visibleProducts(
  products: readonly PosMenuProduct[],
  categoryId: string | null,
  query: string,
): PosMenuProduct[] {
  const q = fold(query);
  if (q) {
    const words = q.split(/\s+/);
    return products.filter((p) => {
      const text = `${fold(p.name)} ${fold(p.name_my ?? '')} ${fold(p.sku)}`;
      return words.every((w) => text.includes(w));
    });
  }
  return categoryId ? products.filter((p) => p.category_id === categoryId) : [...products];
}

/** A scanned or typed code: the exact barcode, else the SKU (any case). */
export function findByCode(
  products: readonly PosMenuProduct[],
  code: string,
): PosMenuProduct | null {
  const wanted = code.trim();
  if (!wanted) return null;
  return (
    products.find((p) => p.barcode !== null && p.barcode === wanted) ??
    products.find((p) => p.sku.toLowerCase() === wanted.toLowerCase()) ??
    null
  );
}
