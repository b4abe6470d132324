import type { AppFeature, TenantAppFeature } from '@kopi/contract';

// What the feature pages do with the whole catalogue on screen: search it in either language,
// filter it, page it, and translate between a switch (true, false, or null: follow the level
// above) and the three-way choice the page shows.

/** A three-way switch as the page shows it: follow the level above, on, or off. */
export type SwitchChoice = 'inherit' | 'on' | 'off';

export const choiceOf = (value: boolean | null): SwitchChoice =>
  value === null ? 'inherit' : value ? 'on' : 'off';

export const switchValueOf = (choice: SwitchChoice): boolean | null =>
  choice === 'inherit' ? null : choice === 'on';

type Searchable = Pick<
  AppFeature,
  'code' | 'name_en' | 'name_my' | 'description_en' | 'description_my'
>;

/** Whether a feature matches a search: its code, or its name or description in either language. */
export function matchesSearch(feature: Searchable, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [
    feature.code.replaceAll('_', ' '),
    feature.code,
    feature.name_en,
    feature.name_my,
    feature.description_en,
    feature.description_my,
  ].some((text) => text.toLocaleLowerCase().includes(needle));
}

export interface SwitchFilters {
  q: string;
  /** '' any, 'on', 'off': the value for the whole business. */
  value: string;
  /** '' any, 'business': set for the whole business only, 'outlet': may be set per outlet. */
  scope: string;
}

export function filterSwitches(
  list: readonly TenantAppFeature[],
  f: SwitchFilters,
): TenantAppFeature[] {
  return list.filter(
    (feature) =>
      matchesSearch(feature, f.q) &&
      (f.value === '' || feature.enabled === (f.value === 'on')) &&
      (f.scope === '' || feature.per_outlet === (f.scope === 'outlet')),
  );
}

export interface CatalogueFilters {
  q: string;
  /** '' any, 'on', 'off': the platform default. */
  value: string;
  /** '' any, 'locked', 'changeable'. */
  lock: string;
}

export function filterCatalogue(list: readonly AppFeature[], f: CatalogueFilters): AppFeature[] {
  return list.filter(
    (feature) =>
      matchesSearch(feature, f.q) &&
      (f.value === '' || feature.default_enabled === (f.value === 'on')) &&
      (f.lock === '' || feature.locked === (f.lock === 'locked')),
  );
}

/** The rows of one page (1-based) of a list paged on screen. */
export const pageOf = <T>(rows: readonly T[], page: number, pageSize: number): T[] =>
  rows.slice((page - 1) * pageSize, page * pageSize);

/** How many outlets have a setting of their own (not following the whole business). */
export const ownOutletSettings = (feature: TenantAppFeature): number =>
  feature.outlets.filter((o) => o.switch !== null).length;
