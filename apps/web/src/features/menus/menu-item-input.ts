import type { MenuItem, MenuItemInput } from '@kopi/contract';

/** The fields of the menu item form a server error may name. */
export const menuItemFields = [
  'parent_id',
  'title',
  'title_en',
  'title_my',
  'icon',
  'path',
  'action',
  'subject',
  'hidden',
] as const;

export const blankMenuItem: MenuItemInput = {
  parent_id: null,
  title: '',
  title_en: '',
  title_my: '',
  icon: null,
  path: null,
  action: null,
  subject: null,
  hidden: false,
};

/** The body that saves `item` as it is (with `patch` over it). */
export const inputOf = (item: MenuItem, patch: Partial<MenuItemInput> = {}): MenuItemInput => ({
  parent_id: item.parent_id,
  title: item.title,
  title_en: item.title_en,
  title_my: item.title_my,
  icon: item.icon,
  path: item.path,
  action: item.action,
  subject: item.subject,
  hidden: item.hidden,
  ...patch,
});

/** "Kitchen board" → "menu.kitchen_board" (a new item's key, until the key is typed). */
export const suggestTitleKey = (title: string) => {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug ? `menu.${slug}` : '';
};
