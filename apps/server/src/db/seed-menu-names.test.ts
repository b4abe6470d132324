import { describe, expect, it } from 'vitest';
import { demoVariantGroups } from './seed-data';

// The demo menu's options as a cashier and a receipt read them: within a group every option has
// its own name in each language, and none is named like choosing nothing ("None", "Tiada"),
// which the POS offers beside an optional group's options.

describe('the demo menu’s option names', () => {
  it.each(demoVariantGroups.map((g) => [g.name, g] as const))(
    '%s: apart, and never "none"',
    (_, group) => {
      for (const names of [group.options.map((o) => o.name), group.options.map((o) => o.nameMy)]) {
        expect(new Set(names).size).toBe(names.length);
        expect(names.filter((n) => /^(none|tiada)$/i.test(n))).toEqual([]);
      }
    },
  );

  it('reads the ice and sugar levels’ "No" for what it is without', () => {
    const no = (key: string) =>
      demoVariantGroups.find((g) => g.key === key)!.options.find((o) => o.name === 'No')!.nameMy;
    expect([no('sugar'), no('ice')]).toEqual(['Tanpa gula', 'Tanpa ais']);
  });
});
