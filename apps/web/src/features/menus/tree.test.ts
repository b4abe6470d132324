import type { MenuItem } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  flattenTree,
  moveAmongSiblings,
  moveByDrop,
  orderChanges,
  subtreeIds,
} from './tree';

const item = (id: string, parent: string | null, sort: number): MenuItem => ({
  id,
  parent_id: parent,
  title: `menu.${id}`,
  title_en: id,
  title_my: id,
  icon: null,
  path: null,
  action: null,
  subject: null,
  sort_order: sort,
  hidden: false,
  builtin: false,
  updated_at: '2026-01-01T00:00:00Z',
});

// dashboard, pos, settings { users, roles }, logs
const items = [
  item('logs', null, 40),
  item('dashboard', null, 10),
  item('settings', null, 30),
  item('roles', 'settings', 20),
  item('users', 'settings', 10),
  item('pos', null, 20),
];
const tree = buildTree(items);
const order = (t: ReturnType<typeof buildTree>) =>
  flattenTree(t).map((r) => `${'-'.repeat(r.depth)}${r.node.item.id}`);

describe('menu tree', () => {
  it('nests items under their parent, in position order', () => {
    expect(order(tree)).toEqual(['dashboard', 'pos', 'settings', '-users', '-roles', 'logs']);
    expect([...subtreeIds(tree, 'settings')].sort()).toEqual(['roles', 'settings', 'users']);
  });

  it('moves an item up among its siblings and sends only what changed', () => {
    const next = moveAmongSiblings(tree, 'roles', -1)!;
    expect(order(next)).toEqual(['dashboard', 'pos', 'settings', '-roles', '-users', 'logs']);
    expect(orderChanges(tree, next)).toEqual([
      { id: 'roles', parent_id: 'settings', sort_order: 10 },
      { id: 'users', parent_id: 'settings', sort_order: 20 },
    ]);
    expect(moveAmongSiblings(tree, 'dashboard', -1)).toBeNull();
    expect(moveAmongSiblings(tree, 'logs', 1)).toBeNull();
  });

  it('drops an item before, after or inside another, across levels', () => {
    const before = moveByDrop(tree, 'logs', 'pos', 'before')!;
    expect(order(before)).toEqual(['dashboard', 'logs', 'pos', 'settings', '-users', '-roles']);
    const inside = moveByDrop(tree, 'logs', 'settings', 'inside')!;
    expect(order(inside)).toEqual(['dashboard', 'pos', 'settings', '-users', '-roles', '-logs']);
    expect(orderChanges(tree, inside)).toEqual([
      { id: 'logs', parent_id: 'settings', sort_order: 30 },
    ]);
    const out = moveByDrop(tree, 'users', 'logs', 'after')!;
    expect(order(out)).toEqual(['dashboard', 'pos', 'settings', '-roles', 'logs', 'users']);
  });

  it('refuses a drop into the item itself or its own sub-items, and one that changes nothing', () => {
    expect(moveByDrop(tree, 'settings', 'users', 'inside')).toBeNull();
    expect(moveByDrop(tree, 'settings', 'settings', 'after')).toBeNull();
    expect(moveByDrop(tree, 'pos', 'settings', 'before')).toBeNull();
  });

  it('refuses a tree deeper than five levels', () => {
    const chain = [
      item('a', null, 10),
      item('b', 'a', 10),
      item('c', 'b', 10),
      item('d', 'c', 10),
      item('e', 'd', 10),
      item('x', null, 20),
      item('y', 'x', 10),
    ];
    const deep = buildTree(chain);
    expect(moveByDrop(deep, 'y', 'd', 'inside')).not.toBeNull();
    expect(moveByDrop(deep, 'x', 'd', 'inside')).toBeNull();
  });
});
