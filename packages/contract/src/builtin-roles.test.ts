import { describe, expect, it } from 'vitest';
import { roleDescription, roleName } from './builtin-roles';

describe('built-in role names and descriptions', () => {
  it('calls a built-in role by its Malay name on Malay screens, by its stored name otherwise', () => {
    expect(roleName('my', 'manager')).toBe('pengurus');
    expect(roleName('my', 'cashier')).toBe('juruwang');
    expect(roleName('en', 'manager')).toBe('manager');
    // A role a business named is shown as typed, in any language.
    expect(roleName('my', 'Shift lead')).toBe('Shift lead');
    expect(roleName('my', 'Manager')).toBe('Manager');
    expect(roleName('my', 'toString')).toBe('toString');
  });

  it('reads the shipped description in Malay, and a rewritten one as written', () => {
    expect(roleDescription('my', 'cashier', 'POS, status board and own orders at one outlet')).toBe(
      'POS, papan status dan pesanan sendiri di satu cawangan',
    );
    expect(roleDescription('en', 'cashier', 'POS, status board and own orders at one outlet')).toBe(
      'POS, status board and own orders at one outlet',
    );
    expect(roleDescription('my', 'cashier', 'Our counter staff')).toBe('Our counter staff');
    expect(roleDescription('my', 'Barista', null)).toBeNull();
  });
});
