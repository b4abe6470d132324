import { defaultOptions, type PosMenuProduct } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { addsOnTap, defaultSelection, groupProblems, lineSelection, toCartLine } from './options';
import { ids, kopi, latte, milkGroup, sizeGroup, toppingsGroup } from './test-menu';

// A standard drink is one tap. The rule, as the issue states it: a group that needs a choice
// starts with its marked default, else with its first option (the menu lists options in sort
// order); an optional group starts with its marked default or empty.

type Group = typeof sizeGroup;
const markDefault = (group: Group, optionId: string): Group => ({
  ...group,
  options: group.options.map((o) => ({ ...o, is_default: o.id === optionId })),
});
const withGroups = (...variant_groups: Group[]): PosMenuProduct => ({ ...kopi, variant_groups });
const noOptions = (group: Group): Group => ({ ...group, options: [] });

describe('default options', () => {
  it('starts a needed group with its marked default', () => {
    // Large is marked (not the first option): the mark wins over the order.
    const product = withGroups(markDefault(sizeGroup, ids.large));
    expect(defaultSelection(product)).toEqual({ options: { [ids.size]: [ids.large] }, addons: [] });
    expect(addsOnTap(product)).toBe(true);
  });

  it('falls back to the first option of a needed group without a default', () => {
    // Size: Regular then Large, nothing marked. Regular is listed first.
    const product = withGroups(sizeGroup);
    expect(defaultSelection(product)).toEqual({
      options: { [ids.size]: [ids.regular] },
      addons: [],
    });
    expect(addsOnTap(product)).toBe(true);
    const line = toCartLine(product, defaultSelection(product), 1, '');
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
  });

  it('falls back for a group with a minimum but not marked required', () => {
    const atLeastOne: Group = { ...milkGroup, required: false, min_select: 1 };
    expect(defaultSelection(withGroups(atLeastOne)).options).toEqual({ [ids.milk]: [ids.oat] });
  });

  it('leaves a needed group without options empty, and asks for it', () => {
    const product = withGroups(noOptions(sizeGroup), markDefault(milkGroup, ids.soy));
    expect(defaultSelection(product).options).toEqual({ [ids.milk]: [ids.soy] });
    expect(groupProblems(product, defaultSelection(product)).map((p) => p.group.id)).toEqual([
      ids.size,
    ]);
    expect(addsOnTap(product)).toBe(false);
    // An optional group without options changes nothing.
    expect(defaultSelection(withGroups(noOptions(milkGroup), sizeGroup)).options).toEqual({
      [ids.size]: [ids.regular],
    });
  });

  it('leaves optional groups untouched: only their marked default is chosen', () => {
    // Milk (optional, nothing marked) starts empty; Toppings (optional) starts with its mark.
    const product = withGroups(sizeGroup, milkGroup, markDefault(toppingsGroup, ids.nuts));
    expect(defaultSelection(product).options).toEqual({
      [ids.size]: [ids.regular],
      [ids.toppings]: [ids.nuts],
    });
    // Only optional groups and nothing marked: a tap asks, as the choices are the point.
    expect(addsOnTap(withGroups(milkGroup))).toBe(false);
    expect(addsOnTap(withGroups(markDefault(milkGroup, ids.oat)))).toBe(true);
  });

  it('asks when one option cannot meet a minimum above one', () => {
    const pickTwo: Group = { ...toppingsGroup, required: true, min_select: 2, max_select: 3 };
    const product = withGroups(pickTwo);
    expect(defaultSelection(product).options).toEqual({ [ids.toppings]: [ids.honey] });
    expect(addsOnTap(product)).toBe(false);
  });

  it('is the contract’s rule, the one the server’s seeded sales use', () => {
    expect(defaultOptions(latte.variant_groups)).toEqual({ [ids.size]: [sizeGroup.options[0]] });
    // Nothing to choose: one tap as before.
    expect(addsOnTap(kopi)).toBe(true);
    // The latte's needed Size falls back to Regular; its optional milk and toppings stay empty.
    expect(addsOnTap(latte)).toBe(true);
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
