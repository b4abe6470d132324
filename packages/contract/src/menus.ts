import { z } from 'zod';
import { text } from './validation';

// A node of the per-user menu tree the server builds from menu items the user's permissions
// allow (SPEC §6). Titles come in both languages so the menu editor needs no web deploy.
export interface MenuNode {
  id: string;
  title: string;
  title_en: string;
  title_my: string;
  icon: string | null;
  path: string | null;
  action: string | null;
  subject: string | null;
  children: MenuNode[];
}

/** What a menu entry shows and guards, in the user's tree and in the editor alike. */
export const menuEntryShape = {
  /** Translation key, e.g. `menu.dashboard`. */
  title: text(),
  title_en: text(),
  title_my: text(),
  /** A Material icon name, e.g. `PointOfSale`. */
  icon: text().nullable(),
  path: text().nullable(),
  action: text().nullable(),
  subject: text().nullable(),
};

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({ id: text(), ...menuEntryShape, children: z.array(menuNodeSchema) }),
);
