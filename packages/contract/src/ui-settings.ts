import { z } from 'zod';
import { text } from './validation';
import { localeSchema } from './locale';

// Layout and theme preferences (SPEC §3, §4, §9). Kept in cookies prefixed with the app title
// and, per user, on the server with the profile. Keys are the spec's cookie names.
export const uiSettingsSchema = z
  .object({
    'color-scheme': z.enum(['light', 'dark']),
    theme: z.enum(['light', 'dark', 'system']),
    skin: z.enum(['default', 'bordered']),
    primaryColor: text().regex(/^#[0-9a-fA-F]{6}$/),
    isVerticalNavSemiDark: z.boolean(),
    isNavbarBlurEnabled: z.boolean(),
    isVerticalNavCollapsed: z.boolean(),
    appContentWidth: z.enum(['boxed', 'fluid']),
    navLayout: z.enum(['vertical', 'horizontal']),
    navbarType: z.enum(['sticky', 'hidden']),
    footerType: z.enum(['static']),
    direction: z.enum(['ltr', 'rtl']),
    language: localeSchema,
    idleLockMinutes: z.number().int().min(1).max(240),
    newOrderSound: z.boolean(),
  })
  .partial();
export type UiSettings = z.infer<typeof uiSettingsSchema>;
