import { z } from 'zod';

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
  title: z.string(),
  title_en: z.string(),
  title_my: z.string(),
  /** A Material icon name, e.g. `PointOfSale`. */
  icon: z.string().nullable(),
  path: z.string().nullable(),
  action: z.string().nullable(),
  subject: z.string().nullable(),
};

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({ id: z.string(), ...menuEntryShape, children: z.array(menuNodeSchema) }),
);
