import { describe, expect, it } from 'vitest';
import { moveItem, reorderByDrop, sameOrder } from './reorder';

describe('list reorder', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('clamps the target and ignores a bad source', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 10)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -4)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('does not change the input list', () => {
    const list = ['a', 'b', 'c'];
    moveItem(list, 0, 2);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('drops an item on another: it takes the target place', () => {
    expect(reorderByDrop(['kopi', 'teh', 'food', 'cakes'], 'cakes', 'teh')).toEqual([
      'kopi',
      'cakes',
      'teh',
      'food',
    ]);
    expect(reorderByDrop(['kopi', 'teh', 'food', 'cakes'], 'kopi', 'food')).toEqual([
      'teh',
      'food',
      'kopi',
      'cakes',
    ]);
  });

  it('answers null for a drop on itself or an unknown id', () => {
    expect(reorderByDrop(['a', 'b'], 'a', 'a')).toBeNull();
    expect(reorderByDrop(['a', 'b'], 'x', 'a')).toBeNull();
  });

  it('compares orders', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });
});
