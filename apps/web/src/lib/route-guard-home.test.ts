import { parsePermissions } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { homePath, rootRedirect } from './route-guard';

// Where sign-in lands: a cashier at the counter, a manager or admin on the dashboard.

const registered = () => true;
const cashier = parsePermissions([
  'read-dashboard',
  'read-pos',
  'create-pos',
  'read-status-order',
  'read-order',
  'create-order',
]);
const manager = parsePermissions([
  ...cashier.map((a) => `${a.action}-${a.subject}`),
  'read-report',
]);

describe('homePath', () => {
  it('sends a cashier (sells at the POS, reads no reports) to the POS', () => {
    expect(homePath(cashier, [], registered)).toBe('/pos');
    // Sign-in goes to "/", which goes home.
    expect(rootRedirect(true, '', homePath(cashier, [], registered))).toBe('/pos');
  });

  it('keeps a manager, admin or finance on the dashboard', () => {
    expect(homePath(manager, [], registered)).toBe('/dashboard');
    expect(homePath(parsePermissions(['read-dashboard', 'read-report']), [], registered)).toBe(
      '/dashboard',
    );
    // Only reading the POS (no selling) is not a cashier.
    expect(homePath(parsePermissions(['read-dashboard', 'read-pos']), [], registered)).toBe(
      '/dashboard',
    );
  });
});
