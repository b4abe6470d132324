import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AppBanner,
  AppLanguage,
  Banner,
  BannerInput,
  BannerListQuery,
  Category,
  Outlet,
  ProductListItem,
  Voucher,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { useReorderMutation } from '../../lib/http/reorder-mutation';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/banners (DESIGN §8, subject banner), and the tenant's outlets, categories and products the
// form offers as outlets and tap targets, and the vouchers a tap may open (marketing reads them,
// changes none).

export const bannerKeys = {
  ...resourceKeys<BannerListQuery>('banners'),
  order: () => [...bannerKeys.all, 'order'] as const,
  preview: (outletId: string, lang: AppLanguage, at: string | null) =>
    [...bannerKeys.all, 'preview', outletId, lang, at] as const,
};

/** Everything of a short list in one page (a chain has a handful of outlets and banners). */
const all = { page: 1, page_size: 100 };

export type BannerPage = Page<Banner>;

export const listBanners = (query: BannerListQuery): Promise<BannerPage> =>
  fetchPage('/banners', query);
/** The tenant's banners in app order, for ordering them. */
export const listBannersInOrder = () => http.get<Banner[]>('/banners', { query: all });
export const createBanner = (body: BannerInput) => http.post<Banner>('/banners', body);
export const updateBanner = (id: string, body: BannerInput) =>
  http.put<Banner>(`/banners/${id}`, body);
export const deleteBanner = (id: string) => http.delete<{ id: string }>(`/banners/${id}`);
export const reorderBanners = (ids: string[]) => http.post<Banner[]>('/banners/reorder', { ids });
export function uploadBannerImage(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Banner>(`/banners/${id}/image`, form);
}
/**
 * What the app shows at an outlet ('' : before the customer picks one), in a language, at a
 * moment (null: now).
 */
export const previewBanners = (outletId: string, lang: AppLanguage, at: string | null) =>
  http.get<AppBanner[]>('/banners/preview', {
    query: { lang, ...(outletId ? { outlet_id: outletId } : {}), ...(at ? { at } : {}) },
  });

export const listOutletChoices = () => http.get<Outlet[]>('/outlets', { query: all });
export const listCategoryChoices = () => http.get<Category[]>('/categories', { query: all });
/** The vouchers usable now or later (not switched off, not expired), for the voucher target. */
export const listVoucherChoices = () =>
  Promise.all([
    http.get<Voucher[]>('/vouchers', { query: { ...all, state: 'active' } }),
    http.get<Voucher[]>('/vouchers', { query: { ...all, state: 'scheduled' } }),
  ]).then(([live, soon]) => [...live, ...soon]);
/** Products matching a search, for the target picker. */
export const searchProducts = (q: string) =>
  http.get<ProductListItem[]>('/products', {
    query: { page: 1, page_size: 20, q: q || undefined },
  });

export const useBanners = (query: BannerListQuery) =>
  usePagedQuery(bannerKeys.list(query), () => listBanners(query));
export const useBannersInOrder = () =>
  useQuery({ queryKey: bannerKeys.order(), queryFn: listBannersInOrder });
export const useBannerPreview = (outletId: string, lang: AppLanguage, at: string | null) =>
  useQuery({
    queryKey: bannerKeys.preview(outletId, lang, at),
    queryFn: () => previewBanners(outletId, lang, at),
    placeholderData: keepPreviousData,
  });
export const useOutletChoices = () =>
  useQuery({ queryKey: ['banners', 'choices', 'outlets'], queryFn: listOutletChoices });
export const useCategoryChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['banners', 'choices', 'categories'],
    queryFn: listCategoryChoices,
    enabled,
  });
export const useVoucherChoices = (enabled: boolean) =>
  useQuery({ queryKey: ['banners', 'choices', 'vouchers'], queryFn: listVoucherChoices, enabled });
export const useProductSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['banners', 'choices', 'products', q],
    queryFn: () => searchProducts(q),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useInvalidateBanners = () => useInvalidate(bannerKeys.all);

/** Saves a new app order, shown at once; a refetch settles it whatever the server answered. */
export const useReorderBanners = () =>
  useReorderMutation<Banner>({
    queryKey: bannerKeys.order(),
    save: reorderBanners,
    settle: (client) => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
