import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-log';
import { menuItemInputSchema } from './menu-editor';
import {
  describePermission,
  isPlatformPermission,
  permissionAreas,
  permissionCatalogue,
} from './permission-catalogue';
import { roleInputSchema } from './roles';
import { userCreateSchema, userInputSchema } from './users';

describe('auditDiff', () => {
  it('walks nested objects into dotted paths', () => {
    expect(
      auditDiff(
        { fullname: 'Siti', settings: { theme: 'light', skin: 'default' }, status: 'active' },
        { fullname: 'Siti N.', settings: { theme: 'dark', skin: 'default' }, status: 'active' },
      ),
    ).toEqual([
      { path: 'fullname', kind: 'changed', before: 'Siti', after: 'Siti N.' },
      { path: 'settings.theme', kind: 'changed', before: 'light', after: 'dark' },
    ]);
  });

  it('lists each added and removed item of a list of plain values', () => {
    expect(
      auditDiff(
        { permissions: ['read-order', 'read-pos'] },
        { permissions: ['read-pos', 'read-log'] },
      ),
    ).toEqual([
      { path: 'permissions[]', kind: 'added', before: null, after: 'read-log' },
      { path: 'permissions[]', kind: 'removed', before: 'read-order', after: null },
    ]);
  });

  it('shows every field of a create as added and of a delete as removed', () => {
    expect(auditDiff(null, { name: 'Barista', user_count: 0 })).toEqual([
      { path: 'name', kind: 'added', before: null, after: 'Barista' },
      { path: 'user_count', kind: 'added', before: null, after: 0 },
    ]);
    expect(auditDiff({ name: 'Barista' }, null)).toEqual([
      { path: 'name', kind: 'removed', before: 'Barista', after: null },
    ]);
  });

  it('compares lists of objects whole, keeps redacted values, and finds nothing when equal', () => {
    const lines = [{ sku: 'A', qty: 1 }];
    expect(auditDiff({ lines }, { lines: [{ sku: 'A', qty: 2 }] })).toEqual([
      { path: 'lines', kind: 'changed', before: lines, after: [{ sku: 'A', qty: 2 }] },
    ]);
    expect(auditDiff({ password: '[redacted]' }, { password: '[redacted]' })).toEqual([]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff('a', 'b')).toEqual([
      { path: 'value', kind: 'changed', before: 'a', after: 'b' },
    ]);
  });
});

describe('permission descriptions', () => {
  it('describes every catalogue permission in English and Malay', () => {
    for (const entry of permissionCatalogue) {
      const text = describePermission(entry.permission);
      expect(text?.en, entry.permission).toMatch(/^[A-Z]/);
      expect(text?.my, entry.permission).toMatch(/^[A-Z]/);
    }
    expect(describePermission('read-user')).toEqual({
      en: 'View staff users',
      my: 'Lihat pengguna kakitangan',
    });
    expect(describePermission('Approve-Refund')?.en).toBe('Approve or reject refunds');
    expect(describePermission('fly-rocket')).toBeNull();
  });

  it('gives every area a heading and marks platform permissions', () => {
    const areas = new Set(permissionAreas.map((a) => a.area));
    for (const entry of permissionCatalogue) expect(areas.has(entry.area as never)).toBe(true);
    expect(isPlatformPermission('update-menu')).toBe(true);
    expect(isPlatformPermission('update-user')).toBe(false);
  });
});

describe('user and role payloads', () => {
  const user = {
    username: 'barista.kl',
    fullname: 'Nur Aina',
    role_id: '8f1d6a34-6a3f-4f57-9a38-3d64c43f0a11',
  };

  it('fills defaults and refuses bad usernames', () => {
    expect(userInputSchema.parse(user)).toMatchObject({
      id_outlet: null,
      status: 'active',
      language: 'en',
    });
    const bad = userInputSchema.safeParse({ ...user, username: 'no spaces' });
    expect(bad.error?.issues[0]?.message).toMatch(/^validation\.pattern/);
    const short = userInputSchema.safeParse({ ...user, username: 'ab' });
    expect(short.error?.issues[0]?.message).toBe('validation.min_length?min=3');
  });

  it('needs an e-mail address when the password is set up by e-mail', () => {
    const noEmail = userCreateSchema.safeParse({ ...user, password_setup: { method: 'email' } });
    expect(noEmail.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: 'validation.required' }),
    ]);
    expect(
      userCreateSchema.safeParse({ ...user, password_setup: { method: 'temporary' } }).success,
    ).toBe(true);
    const weak = userCreateSchema.safeParse({
      ...user,
      password_setup: { method: 'temporary', password: 'short' },
    });
    expect(weak.error?.issues[0]?.message).toBe('validation.password');
  });

  it('accepts catalogue permissions only, lowercased', () => {
    expect(
      roleInputSchema.parse({ name: 'Barista', permissions: ['READ-POS', 'read-order'] })
        .permissions,
    ).toEqual(['read-pos', 'read-order']);
    const bad = roleInputSchema.safeParse({ name: 'Barista', permissions: ['fly-rocket'] });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['permissions', 0],
      message: 'validation.invalid',
    });
  });
});

describe('menu item payloads', () => {
  const item = { title: 'menu.kitchen', title_en: 'Kitchen', title_my: 'Dapur' };

  it('needs action and subject together, naming a catalogue permission', () => {
    expect(menuItemInputSchema.parse(item)).toMatchObject({
      parent_id: null,
      action: null,
      subject: null,
      hidden: false,
    });
    expect(
      menuItemInputSchema.safeParse({ ...item, action: 'read' }).error?.issues[0],
    ).toMatchObject({ path: ['subject'], message: 'validation.required' });
    expect(
      menuItemInputSchema.safeParse({ ...item, action: 'read', subject: 'rockets' }).error
        ?.issues[0],
    ).toMatchObject({ path: ['subject'], message: 'validation.invalid' });
    expect(
      menuItemInputSchema.safeParse({ ...item, action: 'Read', subject: 'Order' }).success,
    ).toBe(true);
  });

  it('checks the title key, icon and path shapes', () => {
    const bad = menuItemInputSchema.safeParse({
      ...item,
      title: 'Kitchen',
      icon: 'kitchen icon',
      path: 'kitchen',
    });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['icon', 'path', 'title']);
  });
});
