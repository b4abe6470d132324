import { refundListQuerySchema, type RefundListQuery } from '@kopi/contract';
import { urlListParams } from '../../components/data-table/url-list-params';

// The refund list keeps its paging, sort, search, status tab and filters in the URL (see
// url-list-params); "Clear filters" keeps the tab.

export const refundFilterKeys = ['from', 'to', 'outlet_id', 'method'] as const;

const refundParams = urlListParams<RefundListQuery>(
  refundListQuerySchema.shape,
  ['page', 'page_size', 'sort', 'q', 'status', ...refundFilterKeys],
  ['page_size', 'sort', 'status'],
);

export const parseRefundListParams = refundParams.parse;
export const useRefundListParams = refundParams.useListParams;

/** A search or a filter beside the status tab narrows the list: there is something to clear. */
export const isFiltering = (query: RefundListQuery) =>
  Boolean(query.q) || refundFilterKeys.some((key) => query[key] !== undefined);
