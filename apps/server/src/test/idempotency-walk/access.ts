import { accountDrivers } from './access-account';
import { staffDrivers } from './access-staff';
import type { DriverSet } from './walk';

// Accounts, sessions, notifications, tenants, business settings, users, roles and menus.

export const accessDrivers: DriverSet = (ctx) => ({
  ...accountDrivers(ctx),
  ...staffDrivers(ctx),
});
