import { permissionCatalogue } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { catalogueFor } from '../../lib/permission-catalogue';
import {
  areaPermissions,
  buildMatrix,
  columnPermissions,
  groupState,
  rowPermissions,
  toggleGroup,
} from './matrix';

describe('permission matrix model', () => {
  const tenantAreas = buildMatrix(catalogueFor(false));
  const platformAreas = buildMatrix(catalogueFor(true));
  const orders = tenantAreas.find((a) => a.area === 'orders')!;

  it('has every catalogue permission exactly once, in one box', () => {
    const all = platformAreas.flatMap(areaPermissions);
    expect(all.sort()).toEqual(permissionCatalogue.map((e) => e.permission).sort());
  });

  it('leaves platform subjects out of a tenant role', () => {
    expect(tenantAreas.map((a) => a.area)).not.toContain('platform');
    expect(platformAreas.at(-1)?.area).toBe('platform');
  });

  it('makes subject rows with the four actions and named permissions rows of their own', () => {
    const board = orders.rows.find((r) => r.key === 'status-order')!;
    expect(board.label.en).toBe('Order status board');
    expect(rowPermissions(board)).toEqual([
      'read-status-order',
      'create-status-order',
      'update-status-order',
      'delete-status-order',
    ]);
    const close = orders.rows.find((r) => r.key === 'close-day-order')!;
    expect(close.cells).toEqual({ other: 'close-day-order' });
    expect(close.label.en).toBe("Close an outlet's business day (Z-report)");
  });

  it('tells all, some and none apart', () => {
    const row = ['read-pos', 'create-pos'];
    expect(groupState(row, new Set())).toBe('none');
    expect(groupState(row, new Set(['read-pos']))).toBe('some');
    expect(groupState(row, new Set(row))).toBe('all');
  });

  it('select-all ticks every box of a group, and unticks them when all are ticked', () => {
    const column = columnPermissions(tenantAreas, 'read');
    const ticked = toggleGroup(new Set(['create-pos']), column);
    expect(column.every((p) => ticked.has(p))).toBe(true);
    expect(ticked.has('create-pos')).toBe(true);
    const cleared = toggleGroup(ticked, column);
    expect(column.some((p) => cleared.has(p))).toBe(false);
    expect([...cleared]).toEqual(['create-pos']);
  });

  it('leaves boxes the user may not change as they were', () => {
    const row = ['read-user', 'create-user', 'delete-user'];
    const mine = (p: string) => p !== 'delete-user';
    const on = toggleGroup(new Set(), row, mine);
    expect([...on].sort()).toEqual(['create-user', 'read-user']);
    // Everything changeable is on, so the next click clears it (the other box stays off).
    expect([...toggleGroup(on, row, mine)]).toEqual([]);
  });
});
