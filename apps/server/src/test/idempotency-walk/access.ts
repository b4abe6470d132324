import type { DriverSet } from './walk';

// Accounts, sessions, notifications, tenants, business settings, users, roles, menus, app features and content texts.

export const accessDrivers: DriverSet = () => ({});
