import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { normaliseAbility, parsePermissions, type Ability } from '@kopi/contract';

// Subjects are plain lowercased strings (SPEC §3), so the ability is typed on strings.
export type AppAbility = MongoAbility<[string, string]>;
export type AppRule = RawRuleOf<AppAbility>;

export function rulesFromAbilities(abilities: readonly Ability[]): AppRule[] {
  return abilities.map(({ action, subject }) => {
    const normalised = normaliseAbility(action, subject);
    return { action: normalised.action, subject: normalised.subject };
  });
}

export const rulesFromPermissions = (permissions: readonly string[]) =>
  rulesFromAbilities(parsePermissions(permissions));

export const createAppAbility = (rules: AppRule[] = []) => createMongoAbility<AppAbility>(rules);

/** Route and menu declarations are lowercased the same way before checking. */
export function canDo(
  ability: AppAbility,
  action: string | null | undefined,
  subject: string | null | undefined,
) {
  if (!action || !subject) return true;
  const wanted = normaliseAbility(action, subject);
  return ability.can(wanted.action, wanted.subject);
}
