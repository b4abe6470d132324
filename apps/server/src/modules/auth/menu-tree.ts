import type { MenuNode } from '@kopi/contract';
import type { MenuItemRow } from './auth.repo';

/**
 * The user's menu (SPEC §6): an item shows when the user holds `<action>-<subject>` (items that
 * declare no ability show to everyone signed in); a group shows when any of its children does.
 */
export function buildMenuTree(items: readonly MenuItemRow[], permissions: readonly string[]) {
  const granted = new Set(permissions.map((p) => p.toLowerCase()));
  const children = new Map<string | null, MenuItemRow[]>();
  for (const item of items) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  const allowed = (item: MenuItemRow) =>
    !item.action || !item.subject || granted.has(`${item.action}-${item.subject}`.toLowerCase());

  const build = (parentId: string | null, depth: number): MenuNode[] => {
    if (depth > 5) return []; // a cycle made in the menu editor must not hang sign-in
    return (children.get(parentId) ?? []).flatMap((item) => {
      const kids = build(item.id, depth + 1);
      const isGroup = children.has(item.id);
      if (!allowed(item) || (isGroup && kids.length === 0)) return [];
      return [
        {
          id: item.id,
          title: item.title,
          title_en: item.titleEn,
          title_my: item.titleMy,
          icon: item.icon,
          path: item.path,
          action: item.action,
          subject: item.subject,
          children: kids,
        },
      ];
    });
  };
  return build(null, 0);
}
