import type { MenuItem, MenuOrder } from '@kopi/contract';
import type { z } from 'zod';
import type { menuItemInputSchema } from '@kopi/contract';
import type { Db } from '../../db/database';
import { type MenuSeed, menuSeed } from '../../db/seed-data';
import { audit } from '../../lib/audit';
import { uniqueFieldTaken } from '../../lib/db-errors';
import { AppError, found, validationError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import * as repo from './menus.repo';

// The menu editor: add, edit, hide, reorder by drag and drop, delete what was
// added here. Built-in items (the seed, re-added at every start when missing) can only be
// hidden, and keep their title key: the key is how the seed recognises them, so a renamed one
// would come back as a duplicate at the next start. Menus are platform-wide, so their audit
// entries carry no tenant.

type Input = z.output<typeof menuItemInputSchema>;

/** Sign-in builds the tree 5 levels deep; the editor keeps items within that. */
const MAX_DEPTH = 5;

const builtinTitles = new Set<string>();
const collect = (items: MenuSeed[]) => {
  for (const item of items) {
    builtinTitles.add(item.title);
    if (item.children) collect(item.children);
  }
};
collect(menuSeed);

/** What the audit trail keeps of an item: its values, without id and timestamps. */
const snapshot = (r: repo.MenuItemValues) => ({
  parent_id: r.parentId,
  title: r.title,
  title_en: r.titleEn,
  title_my: r.titleMy,
  icon: r.icon,
  path: r.path,
  action: r.action,
  subject: r.subject,
  sort_order: r.sortOrder,
  hidden: r.hidden,
});

export const toMenuItem = (r: repo.MenuItemRow): MenuItem => ({
  id: r.id,
  ...snapshot(r),
  builtin: builtinTitles.has(r.title),
  updated_at: r.updatedAt.toISOString(),
});

/** Depth-first, siblings by sort order: the order the editor draws the tree in. */
export function treeOrder(rows: repo.MenuItemRow[]): repo.MenuItemRow[] {
  const children = new Map<string | null, repo.MenuItemRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const out: repo.MenuItemRow[] = [];
  const seen = new Set<string>();
  const visit = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
      visit(row.id);
    }
  };
  visit(null);
  // Rows cut off from the root (never expected) still show, at the end.
  return [...out, ...rows.filter((r) => !seen.has(r.id))];
}

/** False when following parents from any item loops or goes deeper than MAX_DEPTH. */
export function isValidTree(parents: Map<string, string | null>): boolean {
  for (const start of parents.keys()) {
    let current: string | null | undefined = start;
    for (let depth = 0; current; depth++) {
      if (depth >= MAX_DEPTH) return false;
      current = parents.get(current) ?? null;
    }
  }
  return true;
}

const titleTaken = uniqueFieldTaken('menu_items_title_unique', 'menu_title_taken', 'title');

export function createMenuService({ db }: { db: Db }) {
  const require = async (id: string) => found(await repo.findById(db, id));

  /** Parents after a change, checked for loops and depth before anything is written. */
  async function checkParents(tx: Db, moves: Map<string, string | null>) {
    const rows = await repo.listAll(tx);
    const known = new Set(rows.map((r) => r.id));
    for (const [id, parentId] of moves) {
      if (!known.has(id)) {
        throw validationError([{ path: 'items', message: 'validation.invalid' }]);
      }
      if (parentId !== null && !known.has(parentId)) {
        throw validationError([{ path: 'parent_id', message: 'validation.invalid' }]);
      }
    }
    const parents = new Map(
      rows.map((r) => [r.id, moves.has(r.id) ? moves.get(r.id)! : r.parentId]),
    );
    if (!isValidTree(parents)) throw new AppError('menu_parent_invalid');
    return rows;
  }

  const valuesOf = (input: Input, sortOrder: number): repo.MenuItemValues => ({
    parentId: input.parent_id,
    title: input.title,
    titleEn: input.title_en,
    titleMy: input.title_my,
    icon: input.icon,
    path: input.path,
    action: input.action,
    subject: input.subject,
    sortOrder,
    hidden: input.hidden,
  });

  return {
    async list(): Promise<MenuItem[]> {
      return treeOrder(await repo.listAll(db)).map(toMenuItem);
    },

    async create(ctx: AuthedContext, input: Input): Promise<MenuItem> {
      const id = await db
        .transaction(async (tx) => {
          await repo.lockTree(tx);
          if (input.parent_id !== null && !(await repo.findById(tx, input.parent_id))) {
            throw validationError([{ path: 'parent_id', message: 'validation.invalid' }]);
          }
          const rows = await repo.listAll(tx);
          // A new item goes last among its siblings unless a position is given.
          const last = Math.max(
            0,
            ...rows.filter((r) => r.parentId === input.parent_id).map((r) => r.sortOrder),
          );
          const values = valuesOf(input, input.sort_order ?? last + 10);
          const newId = await repo.insert(tx, values);
          await checkParents(tx, new Map([[newId, input.parent_id]]));
          await audit.record(tx, ctx, {
            action: 'menu.create',
            entity: 'menu_item',
            entityId: newId,
            tenantId: null,
            after: snapshot(values),
          });
          return newId;
        })
        .catch(titleTaken);
      return toMenuItem(await require(id));
    },

    async update(ctx: AuthedContext, id: string, input: Input): Promise<MenuItem> {
      await db
        .transaction(async (tx) => {
          await repo.lockTree(tx);
          const before = found(await repo.findById(tx, id));
          if (input.parent_id === id) throw new AppError('menu_parent_invalid');
          if (builtinTitles.has(before.title) && input.title !== before.title) {
            throw new AppError('menu_item_builtin_title', {
              details: [{ path: 'title', message: 'validation.invalid' }],
            });
          }
          await checkParents(tx, new Map([[id, input.parent_id]]));
          const values = valuesOf(input, input.sort_order ?? before.sortOrder);
          await repo.update(tx, id, values);
          await audit.record(tx, ctx, {
            action: 'menu.update',
            entity: 'menu_item',
            entityId: id,
            tenantId: null,
            before: snapshot(before),
            after: snapshot(values),
          });
        })
        .catch(titleTaken);
      return toMenuItem(await require(id));
    },

    /** Drag and drop: new parents and positions of many items at once, as one change. */
    async reorder(ctx: AuthedContext, order: MenuOrder): Promise<MenuItem[]> {
      const moves = new Map(order.items.map((i) => [i.id, i.parent_id]));
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        const rows = await checkParents(tx, moves);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const changed = order.items.filter((i) => {
          const row = byId.get(i.id)!;
          return row.parentId !== i.parent_id || row.sortOrder !== i.sort_order;
        });
        for (const item of changed) {
          await repo.update(tx, item.id, { parentId: item.parent_id, sortOrder: item.sort_order });
        }
        if (changed.length > 0) {
          await audit.record(tx, ctx, {
            action: 'menu.reorder',
            entity: 'menu_item',
            tenantId: null,
            // Keyed by title key, so the log's difference reads "menu.pos.sort_order: 20 → 30".
            before: Object.fromEntries(
              changed.map((i) => {
                const row = byId.get(i.id)!;
                return [row.title, { parent_id: row.parentId, sort_order: row.sortOrder }];
              }),
            ),
            after: Object.fromEntries(
              changed.map((i) => [
                byId.get(i.id)!.title,
                { parent_id: i.parent_id, sort_order: i.sort_order },
              ]),
            ),
          });
        }
      });
      return this.list();
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        const before = await repo.findById(tx, id);
        if (!before) throw new AppError('not_found');
        if (builtinTitles.has(before.title)) throw new AppError('menu_item_builtin');
        const rows = await repo.listAll(tx);
        if (rows.some((r) => r.parentId === id)) throw new AppError('menu_item_has_children');
        await repo.remove(tx, id);
        await audit.record(tx, ctx, {
          action: 'menu.delete',
          entity: 'menu_item',
          entityId: id,
          tenantId: null,
          before: snapshot(before),
        });
      });
      return { id, deleted: true };
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
