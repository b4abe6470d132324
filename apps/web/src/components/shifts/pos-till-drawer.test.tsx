import { act, renderHook, screen } from '@testing-library/react';
import { emptyCashCount, type Till } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/http-client';
import { choosePosTill, posTillField, usePosTill } from '../../lib/pos-till';
import { renderWithProviders } from '../../test/render';
import { testShift } from '../../test/shift';
import { useShiftStrings } from './i18n';
import { heldTillText } from './shift-dialogs';
import { ShiftReport } from './shift-report';

// On the web: the device remembers its till (and every reader follows a switch), a held
// till's 409 names who holds it, and the shift report says movement reasons in words and lists
// the drawer's "no sale" openings with who, why and the approving manager.

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the device’s till', () => {
  it('is remembered per outlet, sent with sales, and followed by its readers when switched', () => {
    const { result } = renderHook(() => usePosTill('outlet-a'));
    expect(result.current).toBeNull();
    expect(posTillField('outlet-a')).toEqual({});
    act(() => choosePosTill('outlet-a', 'till-2'));
    expect(result.current).toBe('till-2');
    expect(window.localStorage.getItem('kopi.pos.till.outlet-a')).toBe('till-2');
    expect(posTillField('outlet-a')).toEqual({ till_id: 'till-2' });
    // Another outlet keeps its own choice.
    expect(posTillField('outlet-b')).toEqual({});
  });
});

describe('a held till', () => {
  const till: Till = { id: 't1', outlet_id: 'o1', name: 'Front counter', open_shift: null };

  it('says who holds it and since when, from the 409’s details', () => {
    const { result } = renderHook(() => useShiftStrings());
    const since = '2026-06-10T01:15:00.000Z';
    const error = new HttpError(409, 'A shift is already open on this till', {
      code_message: 'shift_already_open',
      message: 'x',
      details: [
        { path: 'cashier_name', message: 'Siti Nurhaliza' },
        { path: 'opened_at', message: since },
      ],
    });
    const text = heldTillText(error, till, result.current.t);
    expect(text).toContain('Front counter is held by Siti Nurhaliza');
    // Another failure is not a held till.
    expect(heldTillText(new HttpError(400, 'bad'), till, result.current.t)).toBeNull();
  });
});

describe('the shift report', () => {
  const shift = testShift({
    cashier_name: 'Siti',
    opening_float: 0,
    float_count: emptyCashCount(),
    tolerance: 0,
    movements: [
      {
        id: 'm1',
        kind: 'cash_out',
        reason: 'petty_cash',
        amount: 500,
        note: 'Ice',
        by_name: 'Siti',
        at: '2026-06-10T02:00:00Z',
      },
    ],
    drawer_openings: [
      {
        id: 'd1',
        reason: 'give_change',
        note: null,
        by_name: 'Siti',
        approved_by_name: 'Tan Wei Ming',
        at: '2026-06-10T03:00:00Z',
      },
      {
        id: 'd2',
        reason: 'other',
        note: 'Coin stuck',
        by_name: 'Tan Wei Ming',
        approved_by_name: null,
        at: '2026-06-10T04:00:00Z',
      },
    ],
    figures: {
      opening_float: 0,
      cash_taken: 0,
      cash_refunds: 0,
      cash_in: 0,
      cash_out: 500,
      cash_topups: 0,
      expected: -500,
    },
  });

  it('prints a movement’s reason in words with its note, and the drawer openings', () => {
    renderWithProviders(<ShiftReport shift={shift} />, { can: () => true });
    const report = screen.getByTestId('shift-report');
    expect(report).toHaveTextContent('Cash out · Petty cash · Ice');
    expect(report).not.toHaveTextContent('petty_cash');
    expect(report).toHaveTextContent('Drawer opened without a sale');
    expect(report).toHaveTextContent('Give change · Siti · approved by Tan Wei Ming');
    expect(report).toHaveTextContent('Other · Tan Wei Ming · Coin stuck');
    expect(report).not.toHaveTextContent('give_change');
  });
});
