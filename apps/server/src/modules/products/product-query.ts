import { type productListQuerySchema, productSortKeys } from '@kopi/contract';
import type { z } from 'zod';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { parseSort } from '../../lib/paging';
import type * as repo from './products.repo';

// What the list and the export read from a query, and the unique indexes turned into form
// errors: shared by the parts of the products service.

export type ListQuery = z.infer<typeof productListQuerySchema>;
export type Filter = Omit<ListQuery, 'page' | 'page_size'>;

export const productSort = (sort: string | undefined) =>
  parseSort<repo.SortKey>(sort, productSortKeys, 'name');

export const filterOf = (q: Filter): repo.ProductFilter => ({
  q: q.q,
  category: q.category,
  status: q.status,
  outlet: q.outlet,
  tag: q.tag?.trim().toLowerCase(),
});

/** Turns the unique indexes into the answers the form shows next to the field. */
export function skuOrBarcodeTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'products_tenant_sku_unique') {
    throw new AppError('sku_taken', {
      details: [{ path: 'sku', message: 'validation.sku_taken' }],
    });
  }
  if (constraint === 'products_tenant_barcode_unique') {
    throw new AppError('barcode_taken', {
      details: [{ path: 'barcode', message: 'validation.barcode_taken' }],
    });
  }
  throw error;
}
