import { describe, expect, it } from 'vitest';
import { findByCode, visibleProducts } from './catalogue';
import { kopi, latte, menu } from './test-menu';

describe('finding products', () => {
  it('filters by category, and a search looks in every category by name or SKU', () => {
    const names = (ps: { name: string }[]) => ps.map((p) => p.name);
    expect(names(visibleProducts(menu.products, null, ''))).toHaveLength(5);
    expect(names(visibleProducts(menu.products, latte.category_id, ''))).toEqual(['Cafe Latte']);
    expect(names(visibleProducts(menu.products, latte.category_id, 'kaya'))).toEqual([
      'Kaya Toast',
    ]);
    expect(names(visibleProducts(menu.products, null, 'café lat'))).toEqual(['Cafe Latte']);
    expect(names(visibleProducts(menu.products, null, 'fod-00'))).toEqual([
      'Kaya Toast',
      'Nasi Lemak',
      'Seasonal Cake',
    ]);
    expect(visibleProducts(menu.products, null, 'teh tarik')).toEqual([]);
  });

  it('finds a scanned barcode exactly, else a SKU in any case', () => {
    expect(findByCode(menu.products, '9555000000011')).toBe(kopi);
    expect(findByCode(menu.products, ' esp-002 ')).toBe(latte);
    expect(findByCode(menu.products, '955500000001')).toBeNull();
    expect(findByCode(menu.products, '')).toBeNull();
  });
});
