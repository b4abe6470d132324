import { useQuery } from '@tanstack/react-query';
import type {
  Addon,
  AddonInput,
  Category,
  ImportResult,
  Outlet,
  Product,
  ProductImage,
  ProductInput,
  ProductListItem,
  ProductListQuery,
  ProductOutlet,
  VariantGroup,
  VariantGroupInput,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { downloadFile, uploadWithProgress, type UploadProgress } from '../../lib/http/transfer';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/products and what the product screens read around it (categories, outlets, the variant
// and add-on library). Subjects: list-product (list, create, delete), add-product (edit).
export const productKeys = resourceKeys<ProductListQuery>('products');
// Look-ups for the filters and the form; each resource keeps its own key root so that a change
// made on its own screen (same root there) refreshes it here too.
export const lookupKeys = {
  categories: () => ['categories', 'list'] as const,
  outlets: () => ['outlets', 'all'] as const,
  variantGroups: () => ['variant-groups', 'all'] as const,
  addons: () => ['addons', 'all'] as const,
};

export type ProductPage = Page<ProductListItem>;

export const listProducts = (query: ProductListQuery): Promise<ProductPage> =>
  fetchPage('/products', query);

export const getProduct = (id: string) => http.get<Product>(`/products/${id}`);
export const createProduct = (body: ProductInput) => http.post<Product>('/products', body);
export const updateProduct = (id: string, body: ProductInput) =>
  http.put<Product>(`/products/${id}`, body);
export const deleteProduct = (id: string) =>
  http.delete<unknown>(`/products/${id}`, { errorToast: 'silent' });
export const archiveProduct = (id: string) => http.post<Product>(`/products/${id}/archive`);
export const bulkProductStatus = (ids: string[], status: 'active' | 'disabled') =>
  http.post<{ updated: number }>('/products/bulk-status', { ids, status });

export function uploadProductImage(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<ProductImage[]>(`/products/${id}/images`, form);
}
export const removeProductImage = (id: string, imageId: string) =>
  http.delete<ProductImage[]>(`/products/${id}/images/${imageId}`);
export const setMainProductImage = (id: string, imageId: string) =>
  http.put<ProductImage[]>(`/products/${id}/images/${imageId}/main`);

export const setProductOutlet = (
  id: string,
  outletId: string,
  body: { available: boolean; price_override: number | null },
) => http.put<ProductOutlet>(`/products/${id}/outlets/${outletId}`, body);
export const setProductSoldOut = (id: string, outletId: string, soldOut: boolean) =>
  http.put<ProductOutlet>(`/products/${id}/outlets/${outletId}/sold-out`, { sold_out: soldOut });

/** Export filters: the list's, without paging. */
export type ExportFilters = Omit<ProductListQuery, 'page' | 'page_size'>;
export const exportProducts = (filters: ExportFilters, format: 'csv' | 'xlsx') =>
  downloadFile('/products/export', { ...filters, format }, `products.${format}`);

export function importProducts(
  file: File,
  mode: 'preview' | 'commit',
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<ImportResult>('/products/import', form, {
    query: { mode },
    onProgress,
  });
}

// Library look-ups: one page of 100, enough for the choices a form offers.
const all = { page: 1, page_size: 100 };
export const listCategoryChoices = () => http.get<Category[]>('/categories', { query: all });
export const listOutletChoices = () => http.get<Outlet[]>('/outlets', { query: all });
export const listVariantGroupChoices = () =>
  http.get<VariantGroup[]>('/variant-groups', { query: all });
export const listAddonChoices = () => http.get<Addon[]>('/addons', { query: all });
export const createVariantGroup = (body: VariantGroupInput) =>
  http.post<VariantGroup>('/variant-groups', body);
export const createAddon = (body: AddonInput) => http.post<Addon>('/addons', body);

export const useProducts = (query: ProductListQuery) =>
  usePagedQuery(productKeys.list(query), () => listProducts(query));

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: () => getProduct(id!),
    enabled: Boolean(id),
  });
}

export const useCategoryChoices = () =>
  useQuery({ queryKey: lookupKeys.categories(), queryFn: listCategoryChoices });
export const useOutletChoices = () =>
  useQuery({ queryKey: lookupKeys.outlets(), queryFn: listOutletChoices });
export const useVariantGroupChoices = () =>
  useQuery({ queryKey: lookupKeys.variantGroups(), queryFn: listVariantGroupChoices });
export const useAddonChoices = () =>
  useQuery({ queryKey: lookupKeys.addons(), queryFn: listAddonChoices });

export const useInvalidateProducts = () => useInvalidate(productKeys.all);
