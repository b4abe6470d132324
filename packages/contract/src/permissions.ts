// Permission strings (SPEC §3, §6): "action-subject" or "action-subject-part". Split on the dash
// and lowercased: the first part is the action, the rest (joined by a dash) the subject.
export interface Ability {
  action: string;
  subject: string;
}

export function parsePermission(permission: string): Ability | null {
  const parts = permission.trim().toLowerCase().split('-');
  if (parts.length < 2 || parts.some((p) => p.length === 0)) return null;
  const [action, ...rest] = parts;
  return { action: action!, subject: rest.join('-') };
}

export function parsePermissions(permissions: readonly string[]): Ability[] {
  return permissions.map(parsePermission).filter((a): a is Ability => a !== null);
}

/** Normalises a route's declared action/subject the same way permission strings are parsed. */
export const normaliseAbility = (action: string, subject: string): Ability => ({
  action: action.trim().toLowerCase(),
  subject: subject.trim().toLowerCase(),
});

export const permissionString = (action: string, subject: string) => `${action}-${subject}`;

export const crudActions = ['read', 'create', 'update', 'delete'] as const;

/**
 * The catalogue of subjects (DESIGN §8 plus the spec's AclDemo and "Product Category") grouped by
 * area. `platform: true` marks subjects only the platform superadmin holds.
 */
export const permissionSubjects = [
  { subject: 'dashboard', area: 'dashboard' },
  { subject: 'acldemo', area: 'dashboard' },
  { subject: 'report', area: 'report' },
  { subject: 'status-order', area: 'orders' },
  { subject: 'pos', area: 'orders' },
  { subject: 'order', area: 'orders' },
  { subject: 'customer', area: 'customers' },
  { subject: 'wallet', area: 'customers' },
  { subject: 'membership', area: 'customers' },
  { subject: 'referral', area: 'customers' },
  { subject: 'voucher', area: 'vouchers' },
  { subject: 'voucher-campaign', area: 'vouchers' },
  { subject: 'outlet', area: 'outlets' },
  { subject: 'time-management', area: 'outlets' },
  { subject: 'list-product', area: 'products' },
  { subject: 'add-product', area: 'products' },
  { subject: 'category', area: 'products' },
  { subject: 'product category', area: 'products' },
  { subject: 'variant-addon', area: 'products' },
  { subject: 'banner', area: 'user-app' },
  { subject: 'enable-disable', area: 'user-app' },
  { subject: 'content-text', area: 'user-app' },
  { subject: 'payment-gateway', area: 'settings' },
  { subject: 'user', area: 'access' },
  { subject: 'role-permission', area: 'access' },
  { subject: 'log', area: 'access' },
  { subject: 'permission', area: 'platform', platform: true },
  { subject: 'menu', area: 'platform', platform: true },
  { subject: 'tenant', area: 'platform', platform: true },
] as const satisfies readonly { subject: string; area: string; platform?: boolean }[];

/** Named actions beyond CRUD. */
export const extraPermissions = [
  { permission: 'approve-refund', area: 'orders' },
  { permission: 'transfer-refund', area: 'orders' },
  { permission: 'close-day-order', area: 'orders' },
  { permission: 'adjust-wallet', area: 'customers' },
  // The one-tap "sold out today" switch of a product at an outlet (cashiers hold it).
  { permission: 'toggle-sold-out', area: 'products' },
] as const;

export interface CatalogueEntry {
  permission: string;
  action: string;
  subject: string;
  area: string;
  platform: boolean;
}

export const permissionCatalogue: readonly CatalogueEntry[] = [
  ...permissionSubjects.flatMap((s) =>
    crudActions.map((action) => ({
      permission: permissionString(action, s.subject),
      action,
      subject: s.subject,
      area: s.area,
      platform: 'platform' in s && s.platform === true,
    })),
  ),
  ...extraPermissions.map((e) => {
    const ability = parsePermission(e.permission)!;
    return { permission: e.permission, ...ability, area: e.area, platform: false };
  }),
];

export const isKnownPermission = (permission: string) =>
  permissionCatalogue.some((e) => e.permission === permission.toLowerCase());

/** True when the abilities grant `action` on `subject` ("manage"/"all" are not used). */
export function can(abilities: readonly Ability[], action: string, subject: string): boolean {
  const wanted = normaliseAbility(action, subject);
  return abilities.some((a) => a.action === wanted.action && a.subject === wanted.subject);
}
