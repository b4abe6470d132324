import { z } from 'zod';
import { menuEntryShape } from './menus';
import { isKnownPermission } from './permission-catalogue';
import { messageKey, requiredString, text } from './validation';

// The menu editor (/settings/menu; /api/menus, subject menu, platform only), apart
// from menus.ts (the per-user tree every page needs) so the editor's schemas stay off /login.
//
//   GET    /api/menus          read-menu    every item, hidden ones too, flat, in tree order
//   POST   /api/menus          create-menu
//   PUT    /api/menus/{id}     update-menu  edit, hide (hidden: true), move under another parent
//   PUT    /api/menus/order    update-menu  drag-and-drop: parent and position of many items
//   DELETE /api/menus/{id}     delete-menu  items added in the editor only (built-in: hide them)
//
// The menu is one for the whole platform; each user sees the items their permissions allow,
// rebuilt at every sign-in and /api/refresh-token, so edits show at the user's next refresh.

/** One stored menu item. `builtin` items come with the product (seeded) and cannot be deleted. */
export const menuItemSchema = z.object({
  id: text(),
  parent_id: text().nullable(),
  ...menuEntryShape,
  sort_order: z.number().int(),
  hidden: z.boolean(),
  builtin: z.boolean(),
  updated_at: text(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/**
 * POST /api/menus and PUT /api/menus/{id}. `action` and `subject` go together and must name a
 * catalogue permission (`<action>-<subject>`); an item without them shows to everyone signed in.
 * A group (an item with children) shows when any child does. `sort_order` is optional on create
 * (the item goes last).
 */
export const menuItemInputSchema = z
  .object({
    parent_id: z.uuid().nullable().default(null),
    title: text()
      .trim()
      .regex(/^menu(\.[a-z0-9_]+)+$/, { error: messageKey('pattern', { pattern: 'menu.name' }) })
      .max(80, { error: messageKey('max_length', { max: 80 }) }),
    title_en: requiredString(60),
    title_my: requiredString(60),
    icon: text()
      .trim()
      .regex(/^[A-Z][A-Za-z0-9]*$/, { error: messageKey('pattern', { pattern: 'PascalCase' }) })
      .max(60)
      .nullable()
      .default(null),
    path: text()
      .trim()
      .regex(/^\/[A-Za-z0-9\-_/:.]*$/, { error: messageKey('pattern', { pattern: '/path' }) })
      .max(200)
      .nullable()
      .default(null),
    action: text().trim().toLowerCase().min(1).max(40).nullable().default(null),
    subject: text().trim().toLowerCase().min(1).max(60).nullable().default(null),
    sort_order: z.number().int().min(0).max(1_000_000).optional(),
    hidden: z.boolean().default(false),
  })
  .refine((v) => (v.action === null) === (v.subject === null), {
    path: ['subject'],
    error: messageKey('required'),
  })
  .refine((v) => v.action === null || isKnownPermission(`${v.action}-${v.subject}`), {
    path: ['subject'],
    error: messageKey('invalid'),
  });
export type MenuItemInput = z.input<typeof menuItemInputSchema>;

/** PUT /api/menus/order: the new parent and position of each moved item (siblings by order). */
export const menuOrderSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.uuid(),
        parent_id: z.uuid().nullable(),
        sort_order: z.number().int().min(0).max(1_000_000),
      }),
    )
    .min(1)
    .max(500),
});
export type MenuOrder = z.infer<typeof menuOrderSchema>;

export const menuItemDeletedSchema = z.object({ id: text(), deleted: z.literal(true) });
