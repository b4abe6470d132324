import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { humanizeCode, useAuditLabels } from './audit-labels';
import { i18n } from './i18n/i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('audit labels', () => {
  it('names actions, entities and fields in English', () => {
    const { result } = renderHook(() => useAuditLabels());
    expect(result.current.action('user.update')).toBe('User edited');
    expect(result.current.action('customer.sign_out')).toBe('Customer signed out');
    expect(result.current.entity('menu_item')).toBe('Menu item');
    expect(result.current.field('id_outlet')).toBe('Outlet');
    expect(result.current.field('permissions[]')).toBe('Permissions');
  });

  it('names them in Malay', async () => {
    await i18n.changeLanguage('my');
    const { result } = renderHook(() => useAuditLabels());
    expect(result.current.action('role.delete')).toBe('Peranan dipadam');
    expect(result.current.entity('variant_group')).toBe('Kumpulan varian');
    expect(result.current.field('role_id')).toBe('Peranan');
  });

  it('reads unknown codes as words rather than showing nothing', () => {
    const { result } = renderHook(() => useAuditLabels());
    expect(result.current.action('user.badge_printed')).toBe('User: badge printed');
    expect(result.current.action('loyalty.points_expired')).toBe('Loyalty: points expired');
    expect(result.current.action('odd')).toBe('Odd');
    expect(result.current.action('a.b.c')).toBe('A b c');
    expect(result.current.entity('gift_card')).toBe('Gift card');
    expect(result.current.field('menu.pos.sort_order')).toBe('Menu › Pos › Position');
    // Codes that are not plain words are shown as they are, never used as lookup syntax.
    expect(result.current.entity('x:y')).toBe('x:y');
    expect(humanizeCode('password_reset_link')).toBe('Password reset link');
  });
});
