import { describe, expect, it } from 'vitest';
import { orderListSearch, parseOrderListParams, parseSort } from './list-params';

const outlet = '2c6c1f7e-8a3b-4b8a-9d0e-1f2a3b4c5d6e';

describe('order list query ↔ URL', () => {
  it('reads paging, sort, search and every filter from the URL', () => {
    const query = parseOrderListParams(
      new URLSearchParams(
        `page=3&page_size=25&sort=-total&q=KL01&from=2026-03-01&to=2026-03-15&outlet=${outlet}` +
          '&status=PENDING&source=mobile-apps&serving_method=delivery&payment_method=duitnow_qr',
      ),
    );
    expect(query).toEqual({
      page: 3,
      page_size: 25,
      sort: '-total',
      q: 'KL01',
      from: '2026-03-01',
      to: '2026-03-15',
      outlet,
      status: 'PENDING',
      source: 'mobile-apps',
      serving_method: 'delivery',
      payment_method: 'duitnow_qr',
    });
  });

  it('defaults to page 1 of 10 and drops values the API would refuse', () => {
    const query = parseOrderListParams(
      new URLSearchParams(
        'page=0&page_size=7&from=15/03/2026&outlet=KL01&status=LOST&source=web&payment_method=&q=',
      ),
    );
    expect(query).toEqual({ page: 1, page_size: 10 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(orderListSearch({ page: 1, page_size: 10 }).toString()).toBe('');
    const params = orderListSearch({
      page: 2,
      page_size: 50,
      status: 'REJECTED',
      from: '2026-03-01',
      q: 'Aisyah',
      outlet: undefined,
    });
    expect(params.toString()).toBe('page=2&page_size=50&q=Aisyah&from=2026-03-01&status=REJECTED');
    expect(parseOrderListParams(params)).toEqual({
      page: 2,
      page_size: 50,
      q: 'Aisyah',
      from: '2026-03-01',
      status: 'REJECTED',
    });
  });

  it('reads the API sort parameter as the table sort', () => {
    expect(parseSort('-created')).toEqual({ by: 'created', direction: 'desc' });
    expect(parseSort('order_no')).toEqual({ by: 'order_no', direction: 'asc' });
    expect(parseSort(undefined)).toBeNull();
  });
});
