import { referralListQuerySchema, type ReferralListQuery } from '@kopi/contract';
import { urlListParams } from '../../components/data-table/url-list-params';

// The referral list keeps its paging, search and status filter in the URL (see url-list-params).
const referralParams = urlListParams<ReferralListQuery>(
  referralListQuerySchema.shape,
  ['page', 'page_size', 'q', 'status'],
  ['page_size'],
);

export const useReferralListParams = referralParams.useListParams;
