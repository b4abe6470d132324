import {
  describePermission,
  permissionAreas,
  permissionCatalogue,
  type CatalogueEntry,
  type Locale,
} from '@kopi/contract';

// The contract's permission catalogue arranged for screens (the role matrix, the permission
// catalogue page, a user's effective permissions): grouped by area in catalogue order, with the
// English or Malay sentence of each string.

export type BilingualText = { en: string; my: string };

export const inLanguage = (text: BilingualText, language: Locale | string) =>
  language === 'my' ? text.my : text.en;

export interface AreaGroup<T> {
  area: string;
  label: BilingualText;
  items: T[];
}

/** Items grouped by the area of `areaOf(item)`, in the catalogue's area order (empty areas out). */
export function groupByArea<T>(items: readonly T[], areaOf: (item: T) => string): AreaGroup<T>[] {
  return permissionAreas
    .map(({ area, label }) => ({
      area: area as string,
      label,
      items: items.filter((item) => areaOf(item) === area),
    }))
    .filter((group) => group.items.length > 0);
}

/** The catalogue a role of this kind may hold: platform subjects only on platform roles. */
export const catalogueFor = (platformRole: boolean): CatalogueEntry[] =>
  permissionCatalogue.filter((entry) => platformRole || !entry.platform);

/** A permission string's sentence ("View the order status board"), or the string itself. */
export function permissionText(permission: string, language: Locale | string): string {
  const text = describePermission(permission);
  return text ? inLanguage(text, language) : permission;
}

/** Held permissions by area, each with its sentence; strings outside the catalogue come last. */
export function describeHeld(
  permissions: readonly string[],
  language: Locale | string,
): { groups: AreaGroup<{ permission: string; text: string }>[]; unknown: string[] } {
  const held = new Set(permissions.map((p) => p.toLowerCase()));
  const known = permissionCatalogue.filter((entry) => held.has(entry.permission));
  const groups = groupByArea(known, (entry) => entry.area).map((group) => ({
    ...group,
    items: group.items.map((entry) => ({
      permission: entry.permission,
      text: permissionText(entry.permission, language),
    })),
  }));
  const unknown = [...held].filter((p) => !known.some((entry) => entry.permission === p));
  return { groups, unknown };
}
