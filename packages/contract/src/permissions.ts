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

/** True when the abilities grant `action` on `subject` ("manage"/"all" are not used). */
export function can(abilities: readonly Ability[], action: string, subject: string): boolean {
  const wanted = normaliseAbility(action, subject);
  return abilities.some((a) => a.action === wanted.action && a.subject === wanted.subject);
}
