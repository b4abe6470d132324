import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { useReorderMutation } from '../../lib/http/reorder-mutation';
import { useInvalidate } from '../../lib/http/paged-list';

// /api/categories (DESIGN §8, subject category). The whole list is one page of 100: the menu
// order is edited on the full list, and a coffee chain has a handful of categories.
export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export const listCategories = () =>
  http.get<Category[]>('/categories', { query: { page: 1, page_size: 100 } });
export const createCategory = (body: CategoryInput) => http.post<Category>('/categories', body);
export const updateCategory = (id: string, body: CategoryInput) =>
  http.put<Category>(`/categories/${id}`, body);
export const deleteCategory = (id: string) =>
  http.delete<{ id: string }>(`/categories/${id}`, { errorToast: 'silent' });
export const reorderCategories = (ids: string[]) =>
  http.put<Category[]>('/categories/order', { ids });
export function uploadCategoryImage(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Category>(`/categories/${id}/image`, form);
}

/** The body of PUT /api/categories/{id} from a listed category, with some fields changed. */
export const categoryInputOf = (
  c: Category,
  patch: Partial<CategoryInput> = {},
): CategoryInput => ({
  name_en: c.name_en,
  name_my: c.name_my,
  image: c.image,
  status: c.status,
  ...patch,
});

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.list(),
    queryFn: listCategories,
    placeholderData: keepPreviousData,
  });
}

export const useInvalidateCategories = () => useInvalidate(categoryKeys.all);

/** Saves a new menu order, shown at once; the server's answer settles it. */
export const useReorderCategories = () =>
  useReorderMutation<Category>({
    queryKey: categoryKeys.list(),
    save: reorderCategories,
    settle: (client, saved) => saved && client.setQueryData(categoryKeys.list(), saved),
  });
