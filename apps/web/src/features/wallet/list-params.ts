import { walletEntryListQuerySchema, type WalletEntryListQuery } from '@kopi/contract';
import { urlListParams } from '../../components/data-table/url-list-params';

// The entries' paging, sort, search (customer name or phone) and filters live in the URL (see
// url-list-params), so a reload or a shared link shows the same entries.

export const walletFilterKeys = ['kind', 'from', 'to'] as const;

const walletParams = urlListParams<WalletEntryListQuery>(
  walletEntryListQuerySchema.shape,
  ['page', 'page_size', 'sort', 'q', ...walletFilterKeys],
  ['page_size', 'sort'],
);

export const parseWalletListParams = walletParams.parse;
export const useWalletListParams = walletParams.useListParams;

export const isFiltering = (query: WalletEntryListQuery) =>
  Boolean(query.q) || walletFilterKeys.some((key) => query[key] !== undefined);
