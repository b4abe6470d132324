import { shiftListQuerySchema, type ShiftListQuery } from '@kopi/contract';
import { urlListParams } from '../../components/data-table/url-list-params';

// The shift list keeps its paging and filters (outlet, till, cashier, dates, status) in the URL.

export const shiftFilterKeys = [
  'from',
  'to',
  'outlet_id',
  'till_id',
  'cashier_id',
  'status',
] as const;

const shiftParams = urlListParams<ShiftListQuery>(
  shiftListQuerySchema.shape,
  ['page', 'page_size', ...shiftFilterKeys],
  ['page_size'],
);

export const useShiftListParams = shiftParams.useListParams;

export const isFiltering = (query: ShiftListQuery) =>
  shiftFilterKeys.some((key) => query[key] !== undefined);
