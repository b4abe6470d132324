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

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    title_en: z.string(),
    title_my: z.string(),
    icon: z.string().nullable(),
    path: z.string().nullable(),
    action: z.string().nullable(),
    subject: z.string().nullable(),
    children: z.array(menuNodeSchema),
  }),
);
