import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import {
  cashCountSchema,
  cashCountTotal,
  cashMovementCreateSchema,
  type DrawerActivity,
  drawerFigures,
  drawerVariance,
  denominations,
  emptyCashCount,
  varianceNeedsNote,
} from './shifts';

// The same random activity on every run.
const methods = ['cash', 'card', 'duitnow_qr', 'wallet'];

function randomActivity(random: () => number): DrawerActivity {
  const n = (max: number) => Math.floor(random() * max);
  return {
    opening_float: n(50_000),
    payments: Array.from({ length: n(30) }, () => ({
      method: methods[n(methods.length)]!,
      amount: n(20_000),
    })),
    refunds: Array.from({ length: n(5) }, () => ({
      paid_by: ['cash', 'card', 'bank_transfer'][n(3)]!,
      amount: n(5_000),
    })),
    movements: Array.from({ length: n(6) }, () => ({
      kind: n(2) ? ('cash_in' as const) : ('cash_out' as const),
      amount: 1 + n(10_000),
    })),
  };
}

describe('the drawer arithmetic', () => {
  it('expects float + cash charged − cash refunds + cash in − cash out (seeded random property)', () => {
    const random = seededRandom(35);
    for (let run = 0; run < 500; run++) {
      const a = randomActivity(random);
      const f = drawerFigures(a);
      // Each part counts only the cash: another method never reaches the drawer.
      let drawer = a.opening_float;
      for (const p of a.payments) if (p.method === 'cash') drawer += p.amount;
      for (const r of a.refunds) if (r.paid_by === 'cash') drawer -= r.amount;
      for (const m of a.movements) drawer += m.kind === 'cash_in' ? m.amount : -m.amount;
      expect(f.expected).toBe(drawer);
      expect(f.expected).toBe(
        f.opening_float + f.cash_taken - f.cash_refunds + f.cash_in - f.cash_out,
      );
      // The order things happened in does not matter.
      const shuffled = {
        ...a,
        payments: [...a.payments].reverse(),
        movements: [...a.movements].reverse(),
      };
      expect(drawerFigures(shuffled)).toEqual(f);
      // A card sale leaves the expected cash alone; a cash sale adds exactly its amount.
      expect(
        drawerFigures({ ...a, payments: [...a.payments, { method: 'card', amount: 999 }] })
          .expected,
      ).toBe(f.expected);
      expect(
        drawerFigures({ ...a, payments: [...a.payments, { method: 'cash', amount: 999 }] })
          .expected,
      ).toBe(f.expected + 999);
    }
  });

  it('adds cash wallet top-ups to the drawer, and card ones nothing', () => {
    const a = randomActivity(seededRandom(33));
    const base = drawerFigures(a);
    expect(base.cash_topups).toBe(0);
    const topups = [
      { method: 'cash', amount: 5_000 },
      { method: 'card', amount: 2_000 },
      { method: 'cash', amount: 700 },
    ];
    const f = drawerFigures({ ...a, topups });
    // Only the cash top-ups (RM 50 + RM 7) enter the drawer.
    expect(f.cash_topups).toBe(5_700);
    expect(f.expected).toBe(base.expected + 5_700);
  });

  it('counts notes and coins, and asks a note only beyond the tolerance', () => {
    expect(cashCountTotal(emptyCashCount())).toBe(0);
    const one = Object.fromEntries(denominations.map((d) => [d.key, 1]));
    // RM 100 + 50 + 20 + 10 + 5 + 1 and 50 + 20 + 10 + 5 sen.
    expect(cashCountTotal(one)).toBe(18_685);
    expect(cashCountSchema.parse({ note_10: 2 })).toEqual({ ...emptyCashCount(), note_10: 2 });
    expect(cashCountSchema.safeParse({ coin_5: -1 }).success).toBe(false);
    expect(cashCountSchema.safeParse({ coin_5: 1.5 }).success).toBe(false);
    expect(drawerVariance(10_000, 10_500)).toBe(-500);
    expect(varianceNeedsNote(-500, 500)).toBe(false);
    expect(varianceNeedsNote(501, 500)).toBe(true);
    expect(varianceNeedsNote(-501, 500)).toBe(true);
  });

  it('needs a note for a cash movement of reason other', () => {
    const base = { kind: 'cash_out', reason: 'other', amount: 100 };
    expect(cashMovementCreateSchema.safeParse(base).success).toBe(false);
    expect(cashMovementCreateSchema.safeParse({ ...base, note: 'Ice' }).success).toBe(true);
    expect(cashMovementCreateSchema.safeParse({ ...base, reason: 'bank_drop' }).success).toBe(true);
  });
});
