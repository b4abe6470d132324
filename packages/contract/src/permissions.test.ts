import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from './permission-catalogue';
import { can, parsePermission, parsePermissions } from './permissions';

describe('parsePermission (SPEC §3)', () => {
  it('splits action-subject and lowercases', () => {
    expect(parsePermission('read-Dashboard')).toEqual({ action: 'read', subject: 'dashboard' });
    expect(parsePermission('read-AclDemo')).toEqual({ action: 'read', subject: 'acldemo' });
  });

  it('joins the last two parts of a three-part string with a dash', () => {
    expect(parsePermission('read-status-order')).toEqual({
      action: 'read',
      subject: 'status-order',
    });
    expect(parsePermission('update-add-product')).toEqual({
      action: 'update',
      subject: 'add-product',
    });
  });

  it('keeps spaces inside a subject', () => {
    expect(parsePermission('create-Product Category')).toEqual({
      action: 'create',
      subject: 'product category',
    });
  });

  it('rejects strings without a subject', () => {
    expect(parsePermission('read')).toBeNull();
    expect(parsePermission('read-')).toBeNull();
    expect(parsePermission('')).toBeNull();
  });

  it('drops invalid strings from a list', () => {
    expect(parsePermissions(['read-order', 'bogus', 'create-pos'])).toEqual([
      { action: 'read', subject: 'order' },
      { action: 'create', subject: 'pos' },
    ]);
  });
});

describe('can', () => {
  const abilities = parsePermissions(['read-status-order', 'create-Product Category']);
  it('matches route declarations regardless of case', () => {
    expect(can(abilities, 'read', 'status-order')).toBe(true);
    expect(can(abilities, 'create', 'Product Category')).toBe(true);
    expect(can(abilities, 'update', 'status-order')).toBe(false);
    expect(can(abilities, 'read', 'order')).toBe(false);
  });
});

describe('permission catalogue', () => {
  it('has unique strings that all parse back to their action and subject', () => {
    const strings = permissionCatalogue.map((e) => e.permission);
    expect(new Set(strings).size).toBe(strings.length);
    for (const entry of permissionCatalogue) {
      expect(parsePermission(entry.permission)).toEqual({
        action: entry.action,
        subject: entry.subject,
      });
    }
  });

  it('covers every subject the spec names', () => {
    const subjects = new Set(permissionCatalogue.map((e) => e.subject));
    for (const s of [
      'acldemo',
      'status-order',
      'customer',
      'dashboard',
      'order',
      'outlet',
      'pos',
      'list-product',
      'category',
      'product category',
      'add-product',
      'variant-addon',
      'menu',
      'permission',
      'role-permission',
      'user',
      'tenant',
      'banner',
      'enable-disable',
    ]) {
      expect(subjects.has(s), s).toBe(true);
    }
  });
});
