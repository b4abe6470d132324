import type { PosMenuProduct } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { addsOnTap, defaultSelection, groupProblems, lineSelection, toCartLine } from './options';
import { ids, kopi, latte, milkGroup, sizeGroup } from './test-menu';

// A standard drink is one tap: the options marked default are chosen before the cashier picks.

const markDefault = (group: typeof sizeGroup, optionId: string) => ({
  ...group,
  options: group.options.map((o) => ({ ...o, is_default: o.id === optionId })),
});
const standardKopi: PosMenuProduct = {
  ...kopi,
  variant_groups: [markDefault(sizeGroup, ids.regular), milkGroup],
};

describe('default options', () => {
  it('chooses the marked default of each group and leaves the others empty', () => {
    expect(defaultSelection(standardKopi)).toEqual({
      options: { [ids.size]: [ids.regular] },
      addons: [],
    });
    expect(groupProblems(standardKopi, defaultSelection(standardKopi))).toEqual([]);
  });

  it('adds on one tap when every needed choice has its default', () => {
    expect(addsOnTap(standardKopi)).toBe(true);
    const line = toCartLine(standardKopi, defaultSelection(standardKopi), 1, '');
    expect(line.options).toEqual([
      {
        id: ids.regular,
        group: 'Size',
        group_my: 'Saiz',
        name: 'Regular',
        name_my: 'Biasa',
        price: 0,
      },
    ]);
    // Nothing to choose: one tap as before.
    expect(addsOnTap(kopi)).toBe(true);
  });

  it('asks when a needed choice has no default, or when nothing is marked default', () => {
    // Size is required and has no default.
    expect(addsOnTap(latte)).toBe(false);
    const onlyOptional: PosMenuProduct = { ...kopi, variant_groups: [milkGroup] };
    expect(addsOnTap(onlyOptional)).toBe(false);
    const optionalDefault: PosMenuProduct = {
      ...kopi,
      variant_groups: [markDefault(milkGroup, ids.oat)],
    };
    expect(addsOnTap(optionalDefault)).toBe(true);
  });

  it("reads a cart line's choices back for the dialog", () => {
    const line = toCartLine(
      latte,
      { options: { [ids.size]: [ids.large], [ids.milk]: [ids.soy] }, addons: [ids.shot] },
      2,
      '',
    );
    expect(lineSelection(latte, line)).toEqual({
      options: { [ids.size]: [ids.large], [ids.milk]: [ids.soy] },
      addons: [ids.shot],
    });
  });
});
