import type { ListMeta } from '@kopi/contract';

// DESIGN §5 server-side paging: `page` (1-based) and `page_size` from the contract's list query.

export const offsetOf = (q: { page: number; page_size: number }) => (q.page - 1) * q.page_size;

export const listMeta = (q: { page: number; page_size: number }, total: number): ListMeta => ({
  page: q.page,
  page_size: q.page_size,
  total,
});

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
