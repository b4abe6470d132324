import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { humanizeCode, useAuditLabels } from './audit-labels';
import { i18n } from './i18n/i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The audit labels in the current language. */
const renderLabels = () => renderHook(() => useAuditLabels()).result.current;

describe('audit labels', () => {
  it('names actions, entities and fields in English', () => {
    const labels = renderLabels();
    expect(labels.action('user.update')).toBe('User edited');
    expect(labels.action('customer.sign_out')).toBe('Customer signed out');
    expect(labels.entity('menu_item')).toBe('Menu item');
    expect(labels.field('id_outlet')).toBe('Outlet');
    expect(labels.field('permissions[]')).toBe('Permissions');
    // A code with a hyphen is looked up like any other.
    expect(labels.action('payment-gateway.update')).toBe('Payment gateway changed');
  });

  it('names them in Malay', async () => {
    await i18n.changeLanguage('my');
    const labels = renderLabels();
    expect(labels.action('role.delete')).toBe('Peranan dipadam');
    expect(labels.entity('variant_group')).toBe('Kumpulan varian');
    expect(labels.field('role_id')).toBe('Peranan');
    expect(labels.action('banner.reorder')).toBe('Susunan sepanduk diubah');
  });

  it('names values written as codes, in the screen’s language, and leaves other values alone', async () => {
    let labels = renderLabels();
    expect(labels.value('reason', 'petty_cash')).toBe('Petty cash');
    expect(labels.value('reason', 'wrong_item')).toBe('Wrong item');
    expect(labels.value('kind', 'cash_out')).toBe('Cash out');
    expect(labels.value('reason', 'ordered twice')).toBeUndefined();
    expect(labels.value('reason', 'unheard_of')).toBeUndefined();
    expect(labels.value('name', 'petty_cash')).toBeUndefined();
    expect(labels.value('reason', 12)).toBeUndefined();
    await i18n.changeLanguage('my');
    labels = renderLabels();
    expect(labels.value('reason', 'petty_cash')).toBe('Tunai runcit');
    expect(labels.value('reason', 'give_change')).toBe('Beri wang baki');
    expect(labels.value('kind', 'cash_in')).toBe('Tunai masuk');
  });

  it('reads unknown codes as words rather than showing nothing', () => {
    const labels = renderLabels();
    expect(labels.action('user.badge_printed')).toBe('User: badge printed');
    expect(labels.action('loyalty.points_expired')).toBe('Loyalty: points expired');
    expect(labels.action('odd')).toBe('Odd');
    expect(labels.action('a.b.c')).toBe('A b c');
    expect(labels.entity('gift_card')).toBe('Gift card');
    expect(labels.field('menu.pos.sort_order')).toBe('Menu › Pos › Position');
    // Codes that are not plain words are shown as they are, never used as lookup syntax.
    expect(labels.entity('x:y')).toBe('x:y');
    expect(humanizeCode('password_reset_link')).toBe('Password reset link');
  });
});
