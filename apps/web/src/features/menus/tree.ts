import type { MenuItem, MenuOrder } from '@kopi/contract';

// The menu editor's tree as pure data: built from the flat list the API answers, moved by the
// up/down buttons or by a drop (before, after or inside another item), and turned into the
// PUT /api/menus/order body of the items whose parent or position changed.

export interface MenuTreeNode {
  item: MenuItem;
  children: MenuTreeNode[];
}

/** The server refuses deeper trees (decision 020). */
export const MAX_MENU_DEPTH = 5;
/** Gaps between positions, so one insert does not renumber a whole level elsewhere. */
const STEP = 10;

export function buildTree(items: readonly MenuItem[]): MenuTreeNode[] {
  const byParent = new Map<string | null, MenuItem[]>();
  const ids = new Set(items.map((i) => i.id));
  for (const item of items) {
    // An item whose parent is missing is shown at the top rather than lost.
    const parent = item.parent_id && ids.has(item.parent_id) ? item.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  const level = (parent: string | null): MenuTreeNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((item) => ({ item, children: level(item.id) }));
  return level(null);
}

export interface FlatRow {
  node: MenuTreeNode;
  depth: number;
  parentId: string | null;
  index: number;
  siblings: number;
}

/** Rows in display order with their depth and place among siblings. */
export function flattenTree(tree: readonly MenuTreeNode[]): FlatRow[] {
  const rows: FlatRow[] = [];
  const walk = (nodes: readonly MenuTreeNode[], depth: number, parentId: string | null) => {
    nodes.forEach((node, index) => {
      rows.push({ node, depth, parentId, index, siblings: nodes.length });
      walk(node.children, depth + 1, node.item.id);
    });
  };
  walk(tree, 0, null);
  return rows;
}

/** The ids of an item and everything under it. */
export function subtreeIds(tree: readonly MenuTreeNode[], id: string): Set<string> {
  const found = new Set<string>();
  const collect = (node: MenuTreeNode) => {
    found.add(node.item.id);
    node.children.forEach(collect);
  };
  const search = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      if (node.item.id === id) collect(node);
      else search(node.children);
    }
  };
  search(tree);
  return found;
}

const heightOf = (node: MenuTreeNode): number => 1 + Math.max(0, ...node.children.map(heightOf));

function clone(tree: readonly MenuTreeNode[]): MenuTreeNode[] {
  return tree.map((node) => ({ item: node.item, children: clone(node.children) }));
}

/** Removes a node (returned) from a cloned tree. */
function detach(nodes: MenuTreeNode[], id: string): MenuTreeNode | null {
  const at = nodes.findIndex((n) => n.item.id === id);
  if (at >= 0) return nodes.splice(at, 1)[0] ?? null;
  for (const node of nodes) {
    const found = detach(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The sibling list a node id lives in (the tree itself for the top level), and its depth. */
function locate(
  nodes: MenuTreeNode[],
  id: string,
  depth = 0,
): { list: MenuTreeNode[]; index: number; depth: number } | null {
  const index = nodes.findIndex((n) => n.item.id === id);
  if (index >= 0) return { list: nodes, index, depth };
  for (const node of nodes) {
    const found = locate(node.children, id, depth + 1);
    if (found) return found;
  }
  return null;
}

/** One place up (-1) or down (+1) among its siblings; null at either end. */
export function moveAmongSiblings(
  tree: readonly MenuTreeNode[],
  id: string,
  delta: -1 | 1,
): MenuTreeNode[] | null {
  const next = clone(tree);
  const place = locate(next, id);
  if (!place) return null;
  const target = place.index + delta;
  if (target < 0 || target >= place.list.length) return null;
  const [node] = place.list.splice(place.index, 1);
  place.list.splice(target, 0, node!);
  return next;
}

export type DropPosition = 'before' | 'after' | 'inside';

/**
 * `draggedId` dropped before, after or inside `targetId`. Null when the move is impossible
 * (onto itself, into its own sub-items, or deeper than the server allows) or changes nothing.
 */
export function moveByDrop(
  tree: readonly MenuTreeNode[],
  draggedId: string,
  targetId: string,
  position: DropPosition,
): MenuTreeNode[] | null {
  if (draggedId === targetId || subtreeIds(tree, draggedId).has(targetId)) return null;
  const next = clone(tree);
  const moved = detach(next, draggedId);
  if (!moved) return null;
  const target = locate(next, targetId);
  if (!target) return null;
  const depth = position === 'inside' ? target.depth + 1 : target.depth;
  if (depth + heightOf(moved) > MAX_MENU_DEPTH) return null;
  if (position === 'inside') target.list[target.index]!.children.push(moved);
  else target.list.splice(position === 'before' ? target.index : target.index + 1, 0, moved);
  return orderChanges(tree, next).length > 0 ? next : null;
}

/** Parent and position of every item in a tree (positions 10, 20, 30… per level). */
function placements(tree: readonly MenuTreeNode[]) {
  const result = new Map<string, { parent_id: string | null; sort_order: number }>();
  const walk = (nodes: readonly MenuTreeNode[], parent: string | null) =>
    nodes.forEach((node, index) => {
      result.set(node.item.id, { parent_id: parent, sort_order: (index + 1) * STEP });
      walk(node.children, node.item.id);
    });
  walk(tree, null);
  return result;
}

/**
 * The body of PUT /api/menus/order: the items of `after` whose parent or position differs from
 * what `before` holds. Whole levels that changed are renumbered so their order is unambiguous.
 */
export function orderChanges(
  before: readonly MenuTreeNode[],
  after: readonly MenuTreeNode[],
): MenuOrder['items'] {
  const old = new Map(
    flattenTree(before).map((row) => [
      row.node.item.id,
      { parent_id: row.parentId, sort_order: row.node.item.sort_order, index: row.index },
    ]),
  );
  const oldPlaces = placements(before);
  const changedLevels = new Set<string | null>();
  const next = placements(after);
  for (const [id, place] of next) {
    const was = oldPlaces.get(id);
    if (!was || was.parent_id !== place.parent_id || was.sort_order !== place.sort_order) {
      changedLevels.add(place.parent_id);
    }
  }
  const items: MenuOrder['items'] = [];
  for (const [id, place] of next) {
    if (!changedLevels.has(place.parent_id)) continue;
    const was = old.get(id);
    if (was && was.parent_id === place.parent_id && was.sort_order === place.sort_order) continue;
    items.push({ id, ...place });
  }
  return items;
}
