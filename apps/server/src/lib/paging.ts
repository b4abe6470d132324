import type { ListMeta } from '@kopi/contract';
import { validationError } from './errors';

// DESIGN §5 server-side paging: `page` (1-based) and `page_size` from the contract's list query.

export const offsetOf = (q: { page: number; page_size: number }) => (q.page - 1) * q.page_size;

export const listMeta = (q: { page: number; page_size: number }, total: number): ListMeta => ({
  page: q.page,
  page_size: q.page_size,
  total,
});

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's `sort` parameter (`key`, or `-key` for descending) checked against the keys the list
 * knows; an unknown key is a 400 on `sort` rather than a silently different order.
 */
export function parseSort<K extends string>(
  sort: string | undefined,
  keys: readonly K[],
  fallback: K,
): { key: K; desc: boolean } {
  if (!sort) return { key: fallback, desc: false };
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as K;
  if (!keys.includes(key)) throw validationError([{ path: 'sort', message: 'validation.invalid' }]);
  return { key, desc };
}

/** A list's answer: the page's rows as the API shows them, and the paging meta. */
export const pageAnswer = <R, T>(
  q: { page: number; page_size: number },
  page: { rows: R[]; total: number },
  toItem: (row: R) => T,
) => ({ data: page.rows.map(toItem), meta: listMeta(q, page.total) });
