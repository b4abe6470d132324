import { useQuery } from '@tanstack/react-query';
import type { MenuItem, MenuItemInput, MenuOrder } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { useInvalidate } from '../../lib/http/paged-list';

// /api/menus (subject menu, platform): the one menu tree every user's menu is built from.
export const menuKeys = {
  all: ['menus'] as const,
  list: () => [...menuKeys.all, 'list'] as const,
};

export const listMenuItems = () => http.get<MenuItem[]>('/menus');
// The dialog shows a refused save on its fields or at its top.
export const createMenuItem = (body: MenuItemInput) =>
  http.post<MenuItem>('/menus', body, { errorToast: 'silent' });
export const updateMenuItem = (id: string, body: MenuItemInput, silent = true) =>
  http.put<MenuItem>(`/menus/${id}`, body, silent ? { errorToast: 'silent' } : undefined);
export const reorderMenuItems = (body: MenuOrder) => http.put<MenuItem[]>('/menus/order', body);
export const deleteMenuItem = (id: string) => http.delete<unknown>(`/menus/${id}`);

export const useMenuItems = () => useQuery({ queryKey: menuKeys.list(), queryFn: listMenuItems });

export const useInvalidateMenus = () => useInvalidate(menuKeys.all);
