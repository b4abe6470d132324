import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BackgroundJob,
  Category,
  Outlet,
  Product,
  ProductListItem,
  Voucher,
  VoucherCodeBatchInput,
  VoucherCodeListQuery,
  VoucherCodeRow,
  VoucherInput,
  VoucherListQuery,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';
import { downloadFile } from '../../lib/http/transfer';

// /api/vouchers (DESIGN §8, subject voucher) with its unique codes, and the tenant's outlets,
// categories and products the form offers as restrictions and free items (read, never changed).

/** A code-generation job and a generated code, as the contract names them. */
export type VoucherCodeJob = BackgroundJob;
export type VoucherCode = VoucherCodeRow;
export type VoucherCodeQuery = Pick<VoucherCodeListQuery, 'page' | 'page_size' | 'q' | 'redeemed'>;

export const voucherKeys = {
  ...resourceKeys<VoucherListQuery>('vouchers'),
  codes: (id: string, query?: VoucherCodeQuery) =>
    [...voucherKeys.all, 'codes', id, ...(query ? [query] : [])] as const,
  job: (id: string, jobId: string) => [...voucherKeys.all, 'job', id, jobId] as const,
};

/** Everything of a short list in one page (a chain has a handful of outlets and categories). */
const all = { page: 1, page_size: 100 };

export const listVouchers = (query: VoucherListQuery): Promise<Page<Voucher>> =>
  fetchPage('/vouchers', query);
export const createVoucher = (body: VoucherInput) => http.post<Voucher>('/vouchers', body);
export const updateVoucher = (id: string, body: VoucherInput) =>
  http.put<Voucher>(`/vouchers/${id}`, body);
/** Silent: a redeemed voucher's refusal (voucher_in_use) is shown in the confirm dialog. */
export const deleteVoucher = (id: string) =>
  http.delete<unknown>(`/vouchers/${id}`, { errorToast: 'silent' });

export const generateCodes = (id: string, body: VoucherCodeBatchInput) =>
  http.post<VoucherCodeJob>(`/vouchers/${id}/codes`, body);
export const getCodeJob = (id: string, jobId: string) =>
  http.get<VoucherCodeJob>(`/vouchers/${id}/codes/jobs/${jobId}`);
export const listCodes = (id: string, query: VoucherCodeQuery): Promise<Page<VoucherCode>> =>
  fetchPage(`/vouchers/${id}/codes`, query);
/** The CSV of every code, its column names in the screen's language. */
export const downloadCodes = (id: string, lang: string) =>
  downloadFile(`/vouchers/${id}/codes/export`, { lang }, 'voucher-codes.csv');

export const listOutletChoices = () => http.get<Outlet[]>('/outlets', { query: all });
export const listCategoryChoices = () => http.get<Category[]>('/categories', { query: all });
/** Products matching a search, for the product pickers. */
export const searchProducts = (q: string) =>
  http.get<ProductListItem[]>('/products', {
    query: { page: 1, page_size: 20, q: q || undefined },
  });
export const getProduct = (id: string) => http.get<Product>(`/products/${id}`);

export const useVouchers = (query: VoucherListQuery) =>
  usePagedQuery(voucherKeys.list(query), () => listVouchers(query));
export const useInvalidateVouchers = () => useInvalidate(voucherKeys.all);
export const useVoucherCodes = (id: string, query: VoucherCodeQuery) =>
  usePagedQuery(voucherKeys.codes(id, query), () => listCodes(id, query));

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;
const finished = (job: VoucherCodeJob | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

/** A code-generation job, asked again every second until it is done or failed. */
export const useCodeJob = (id: string, started: VoucherCodeJob | null) =>
  useQuery({
    queryKey: voucherKeys.job(id, started?.id ?? ''),
    queryFn: () => getCodeJob(id, started!.id),
    enabled: Boolean(started) && !finished(started ?? undefined),
    initialData: started ?? undefined,
    // The answer of the POST counts as fresh: the first poll comes a second later.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: JOB_POLL_MS,
    refetchInterval: (query) => (finished(query.state.data) ? false : JOB_POLL_MS),
  });

export const useOutletChoices = () =>
  useQuery({ queryKey: ['vouchers', 'choices', 'outlets'], queryFn: listOutletChoices });
export const useCategoryChoices = () =>
  useQuery({ queryKey: ['vouchers', 'choices', 'categories'], queryFn: listCategoryChoices });
export const useProductSearch = (q: string, enabled = true) =>
  useQuery({
    queryKey: ['vouchers', 'choices', 'products', q],
    queryFn: () => searchProducts(q),
    enabled,
    placeholderData: keepPreviousData,
  });
/** One product by id (a saved restriction or free item), for its name. */
export const useProduct = (id: string | null) =>
  useQuery({
    queryKey: ['vouchers', 'choices', 'product', id],
    queryFn: () => getProduct(id!),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
