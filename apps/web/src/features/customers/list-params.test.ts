import { describe, expect, it } from 'vitest';
import { customerListSearch, isFiltering, parseCustomerListParams } from './list-params';
import { goldTierId } from './customer-fixture';

describe('customer list query ↔ URL', () => {
  it('reads search, sort, paging and every filter under the API’s names', () => {
    const query = parseCustomerListParams(
      new URLSearchParams(
        `page=2&page_size=25&sort=-wallet&q=aishah&tier_id=${goldTierId}&status=disabled` +
          '&joined_from=2026-01-01&joined_to=2026-01-31&last_order_from=2026-03-01' +
          '&last_order_to=2026-03-15&has_wallet=true',
      ),
    );
    expect(query).toEqual({
      page: 2,
      page_size: 25,
      sort: '-wallet',
      q: 'aishah',
      tier_id: goldTierId,
      status: 'disabled',
      joined_from: '2026-01-01',
      joined_to: '2026-01-31',
      last_order_from: '2026-03-01',
      last_order_to: '2026-03-15',
      has_wallet: 'true',
    });
    expect(isFiltering(query)).toBe(true);
  });

  it('drops what the API would refuse', () => {
    const query = parseCustomerListParams(
      new URLSearchParams('tier_id=gold&status=blocked&joined_from=01/01/2026&has_wallet=yes'),
    );
    expect(query).toEqual({ page: 1, page_size: 10 });
    expect(isFiltering(query)).toBe(false);
  });

  it('writes only what differs from the defaults', () => {
    expect(
      customerListSearch({
        page: 1,
        page_size: 10,
        status: 'active',
        has_wallet: 'false',
        last_order_to: '2026-03-15',
      }).toString(),
    ).toBe('status=active&last_order_to=2026-03-15&has_wallet=false');
  });
});
