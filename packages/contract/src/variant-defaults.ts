// The choices a product starts with before anyone picks: the one rule the POS's option
// dialog, its one-tap add and the demo's seeded sales share.

/** What the rule reads of a variant group: its options in sort order (as every menu lists them). */
export interface DefaultableGroup<O extends DefaultableOption = DefaultableOption> {
  id: string;
  required: boolean;
  min_select: number;
  /** 0 means no upper limit. */
  max_select: number;
  options: readonly O[];
}
export interface DefaultableOption {
  id: string;
  is_default: boolean;
}

/** A group the item cannot be sold without: required, or with a minimum above zero. */
export const groupNeedsChoice = (g: Pick<DefaultableGroup, 'required' | 'min_select'>) =>
  g.required || g.min_select > 0;

/**
 * The options a group starts with: its marked default; else, in a group that needs a choice, its
 * first option by sort order; else (an optional group without a default, or a group without
 * options) nothing. At most the group's maximum.
 */
export function defaultOptionsOf<O extends DefaultableOption>(g: DefaultableGroup<O>): O[] {
  const marked = g.options.filter((o) => o.is_default);
  const chosen = marked.length > 0 ? marked : groupNeedsChoice(g) ? g.options.slice(0, 1) : [];
  return g.max_select > 0 ? chosen.slice(0, g.max_select) : chosen;
}

/** The starting options of every group, by group id; a group that starts empty is left out. */
export function defaultOptions<O extends DefaultableOption>(
  groups: readonly DefaultableGroup<O>[],
): Record<string, O[]> {
  const out: Record<string, O[]> = {};
  for (const g of groups) {
    const chosen = defaultOptionsOf(g);
    if (chosen.length > 0) out[g.id] = chosen;
  }
  return out;
}
