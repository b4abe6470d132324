import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { insertedId } from '../../db/owned-rows';
import { menuItems } from '../../db/schema/access';

/** The menu tree is the platform's, one for every tenant. */
export const tenantFree = [
  'listAll',
  'findById',
  'insert',
  'update',
  'remove',
  'lockTree',
] as const;

// The platform's menu items (one tree for every tenant; each user sees what their permissions
// allow, built at sign-in and refresh by modules/auth/menu-tree.ts).

export type MenuItemRow = typeof menuItems.$inferSelect;
export type MenuItemValues = Pick<
  MenuItemRow,
  | 'parentId'
  | 'title'
  | 'titleEn'
  | 'titleMy'
  | 'icon'
  | 'path'
  | 'action'
  | 'subject'
  | 'sortOrder'
  | 'hidden'
>;

export async function listAll(db: Db): Promise<MenuItemRow[]> {
  return db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.title));
}

export async function findById(db: Db, id: string): Promise<MenuItemRow | null> {
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
  return row ?? null;
}

export async function insert(tx: Db, values: MenuItemValues): Promise<string> {
  return insertedId(tx.insert(menuItems).values(values).returning({ id: menuItems.id }));
}

export async function update(tx: Db, id: string, values: Partial<MenuItemValues>) {
  await tx
    .update(menuItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(menuItems.id, id));
}

export async function remove(tx: Db, id: string) {
  await tx.delete(menuItems).where(eq(menuItems.id, id));
}

/** Serialises edits of the tree, so two editors cannot build a cycle between them. */
export async function lockTree(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('menu_items'))`);
}
