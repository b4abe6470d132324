// The order of a hand-sorted list (menu categories, app banners): pure moves, so drag-and-drop and
// the keyboard buttons share them and they are tested without a browser.

/** The list with the item at `from` moved to index `to` (indexes clamp to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(to, next.length - 1));
  if (target === from) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * The ids after dropping `draggedId` on `targetId`: it takes the target's place and the items
 * between shift by one, as in every sortable list. Null when nothing changes.
 */
export function reorderByDrop(
  ids: readonly string[],
  draggedId: string,
  targetId: string,
): string[] | null {
  const from = ids.indexOf(draggedId);
  const to = ids.indexOf(targetId);
  if (from < 0 || to < 0 || from === to) return null;
  return moveItem(ids, from, to);
}

/** Whether two orders differ (a drop back in place saves nothing). */
export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
