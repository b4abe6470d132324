import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { fetchPage } from './paged-list';

afterEach(() => vi.unstubAllGlobals());

describe('fetchPage', () => {
  it('asks for the page with its filters and returns its rows and meta', async () => {
    const meta = { page: 2, page_size: 10, total: 11 };
    const calls = mockFetch(() => ({ body: { data: [{ id: 'o1' }], meta } }));
    const page = await fetchPage<{ id: string }>('/outlets', {
      page: 2,
      page_size: 10,
      status: 'active',
    } as { page: number; page_size: number });
    expect(calls[0]?.url).toBe('/api/outlets?page=2&page_size=10&status=active');
    expect(page).toEqual({ rows: [{ id: 'o1' }], meta });
  });

  it('counts a reply without meta as the page asked for, with no rows', async () => {
    mockFetch(() => ({ body: {} }));
    expect(await fetchPage('/roles', { page: 1, page_size: 20 })).toEqual({
      rows: [],
      meta: { page: 1, page_size: 20, total: 0 },
    });
  });
});
