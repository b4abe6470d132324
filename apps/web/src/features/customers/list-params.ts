import { customerListQuerySchema, type CustomerListQuery } from '@kopi/contract';
import { urlListParams } from '../../components/data-table/url-list-params';

// The customer list keeps its paging, sort, search and filters in the URL (see url-list-params),
// under the API's own parameter names, so a shared link or Back from a customer shows the same
// list.

export const customerFilterKeys = [
  'tier_id',
  'status',
  'joined_from',
  'joined_to',
  'last_order_from',
  'last_order_to',
  'has_wallet',
] as const;

const customerParams = urlListParams<CustomerListQuery>(
  customerListQuerySchema.shape,
  ['page', 'page_size', 'sort', 'q', ...customerFilterKeys],
  ['page_size', 'sort'],
);

export const parseCustomerListParams = customerParams.parse;
export const customerListSearch = customerParams.toSearch;
export const useCustomerListParams = customerParams.useListParams;

/** A search or a filter narrows the list: there is something to clear. */
export const isFiltering = (query: CustomerListQuery) =>
  Boolean(query.q) || customerFilterKeys.some((key) => query[key] !== undefined);
