import { describe, expect, it } from 'vitest';
import { chosen } from '../../test/cart-lines';
import {
  chooseOption,
  emptySelection,
  groupMax,
  groupMin,
  groupProblems,
  needsOptionDialog,
  optionBlocked,
  toCartLine,
  toggleAddon,
  unitPriceWith,
  unsellableReason,
} from './options';
import {
  hidden,
  ids,
  kopi,
  latte,
  milkGroup,
  sizeGroup,
  soldOut,
  toppingsGroup,
} from './test-menu';

describe('option rules (as the server checks a sale)', () => {
  it('reads min and max like the server: required means at least one, max 0 means no limit', () => {
    expect(groupMin(sizeGroup)).toBe(1);
    expect(groupMin({ ...sizeGroup, min_select: 0 })).toBe(1);
    expect(groupMin(milkGroup)).toBe(0);
    expect(groupMin({ ...toppingsGroup, min_select: 2 })).toBe(2);
    expect(groupMax(toppingsGroup)).toBe(2);
    expect(groupMax({ ...toppingsGroup, max_select: 0 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('asks for required groups until they are chosen', () => {
    expect(groupProblems(latte, emptySelection)).toEqual([
      { group: sizeGroup, kind: 'min', min: 1 },
    ]);
    const chosen = chooseOption(emptySelection, sizeGroup, ids.large);
    expect(groupProblems(latte, chosen)).toEqual([]);
    const needsTwo = { ...latte, variant_groups: [{ ...toppingsGroup, min_select: 2 }] };
    const one = chooseOption(emptySelection, needsTwo.variant_groups[0]!, ids.honey);
    expect(groupProblems(needsTwo, one)).toMatchObject([{ kind: 'min', min: 2 }]);
  });

  it('replaces the choice in a single-choice group; none clears an optional one', () => {
    let s = chooseOption(emptySelection, milkGroup, ids.oat);
    s = chooseOption(s, milkGroup, ids.soy);
    expect(s.options[ids.milk]).toEqual([ids.soy]);
    s = chooseOption(s, milkGroup, null);
    expect(s.options[ids.milk]).toEqual([]);
  });

  it('toggles in a multi-choice group and refuses a choice beyond its maximum', () => {
    let s = chooseOption(emptySelection, toppingsGroup, ids.honey);
    s = chooseOption(s, toppingsGroup, ids.nuts);
    expect(optionBlocked(s, toppingsGroup, ids.seeds)).toBe(true);
    expect(optionBlocked(s, toppingsGroup, ids.nuts)).toBe(false);
    expect(chooseOption(s, toppingsGroup, ids.seeds)).toBe(s);
    s = chooseOption(s, toppingsGroup, ids.honey);
    expect(s.options[ids.toppings]).toEqual([ids.nuts]);
    expect(optionBlocked(s, toppingsGroup, ids.seeds)).toBe(false);
  });

  it('reports a group over its maximum (e.g. the menu changed under a selection)', () => {
    const s = { options: { [ids.toppings]: [ids.honey, ids.nuts, ids.seeds] }, addons: [] };
    const sized = chooseOption(s, sizeGroup, ids.regular);
    expect(groupProblems(latte, sized)).toEqual([{ group: toppingsGroup, kind: 'max', max: 2 }]);
  });

  it('prices the line live and builds the cart line in the product group order', () => {
    let s = chooseOption(emptySelection, toppingsGroup, ids.nuts);
    s = chooseOption(s, sizeGroup, ids.large);
    s = toggleAddon(s, ids.shot);
    expect(unitPriceWith(latte, s)).toBe(1090 + 150 + 80 + 200);
    s = toggleAddon(toggleAddon(s, ids.cream), ids.cream);
    expect(s.addons).toEqual([ids.shot]);
    const line = toCartLine(latte, s, 2, '  less sweet ');
    expect(line).toMatchObject({
      product_id: ids.latte,
      unit_price: 1090,
      quantity: 2,
      notes: 'less sweet',
      options: [chosen.large, chosen.nuts],
      addons: [chosen.shot],
    });
  });

  it('knows which products open the dialog and which cannot be sold', () => {
    expect(needsOptionDialog(kopi)).toBe(false);
    expect(needsOptionDialog(latte)).toBe(true);
    expect(needsOptionDialog({ variant_groups: [], addons: latte.addons })).toBe(true);
    expect(unsellableReason(kopi)).toBeNull();
    expect(unsellableReason(soldOut)).toBe('soldOut');
    expect(unsellableReason(hidden)).toBe('unavailable');
  });
});
