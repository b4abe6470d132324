import { orderListQuerySchema, type OrderListQuery } from '@kopi/contract';
import { urlListParams, type ListPatch } from '../../components/data-table/url-list-params';

// The order list keeps its paging, sort, search and filters in the URL (see url-list-params).

export const orderFilterKeys = [
  'from',
  'to',
  'outlet',
  'status',
  'source',
  'serving_method',
  'payment_method',
] as const;
export type OrderFilterKey = (typeof orderFilterKeys)[number];

const orderParams = urlListParams<OrderListQuery>(
  orderListQuerySchema.shape,
  ['page', 'page_size', 'sort', 'q', ...orderFilterKeys],
  ['page_size', 'sort'],
);

/** The list query a URL describes; values the API would refuse are left out. */
export const parseOrderListParams = orderParams.parse;
/** The URL of a list query: defaults (page 1, 10 rows) and empty values are left out. */
export const orderListSearch = orderParams.toSearch;
export { parseSort } from '../../components/data-table/url-list-params';

/** Whether a list query narrows the orders (a search or a filter), so there is something to clear. */
export const isFiltering = (query: OrderListQuery) =>
  Boolean(query.q) || orderFilterKeys.some((key) => query[key] !== undefined);

export type OrderListPatch = ListPatch<OrderListQuery>;

/** The list query of the current URL and a way to change it (back to page 1 unless paging). */
export const useOrderListParams = orderParams.useListParams;
