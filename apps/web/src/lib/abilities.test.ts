import { describe, expect, it } from 'vitest';
import { canDo, createAppAbility, rulesFromPermissions } from './abilities';

describe('abilities from permission strings (SPEC §3/§6)', () => {
  const ability = createAppAbility(
    rulesFromPermissions([
      'read-dashboard',
      'Read-AclDemo',
      'create-list-product',
      'create-Product Category',
      'update-add-product',
      'approve-refund',
      'nonsense',
    ]),
  );

  it('splits on the first dash, lowercases, joins the rest as the subject', () => {
    expect(rulesFromPermissions(['update-add-product', 'Read-AclDemo'])).toEqual([
      { action: 'update', subject: 'add-product' },
      { action: 'read', subject: 'acldemo' },
    ]);
  });

  it('answers route and menu checks written in any case', () => {
    expect(canDo(ability, 'read', 'AclDemo')).toBe(true);
    expect(canDo(ability, 'create', 'Product Category')).toBe(true);
    expect(canDo(ability, 'create', 'list-product')).toBe(true);
    expect(canDo(ability, 'approve', 'refund')).toBe(true);
    expect(canDo(ability, 'read', 'order')).toBe(false);
    expect(canDo(ability, 'update', 'dashboard')).toBe(false);
  });

  it('lets through items that declare no ability', () => {
    expect(canDo(ability, null, null)).toBe(true);
    expect(canDo(ability, 'read', undefined)).toBe(true);
  });

  it('updates in place (sign-in, refresh and unlock rewrite it)', () => {
    const live = createAppAbility();
    expect(live.can('read', 'order')).toBe(false);
    live.update(rulesFromPermissions(['read-order']));
    expect(live.can('read', 'order')).toBe(true);
    live.update([]);
    expect(live.can('read', 'order')).toBe(false);
  });
});
