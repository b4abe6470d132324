import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kopi } from '../../test/cart-lines';
import { usePosCart } from './use-pos-cart';

afterEach(() => localStorage.clear());

describe('the POS cart of an outlet', () => {
  it('keeps one sale key until the cart changes, and across a reload', () => {
    const { result, unmount } = renderHook(() => usePosCart('outlet-a'));
    act(() => result.current.dispatch({ type: 'add', line: kopi }));
    let first = '';
    act(() => {
      first = result.current.saleKey();
    });
    expect(result.current.hasPendingSale).toBe(true);
    let again = '';
    act(() => {
      again = result.current.saleKey();
    });
    expect(again).toBe(first);
    unmount();

    // A reload: the cart and the unanswered sale's key come back.
    const reloaded = renderHook(() => usePosCart('outlet-a'));
    expect(reloaded.result.current.cart.lines.map((l) => l.name)).toEqual(['Kopi']);
    expect(reloaded.result.current.hasPendingSale).toBe(true);
    let afterReload = '';
    act(() => {
      afterReload = reloaded.result.current.saleKey();
    });
    expect(afterReload).toBe(first);

    // Another item: another sale, another key.
    act(() =>
      reloaded.result.current.dispatch({ type: 'add', line: { ...kopi, notes: 'kurang manis' } }),
    );
    expect(reloaded.result.current.hasPendingSale).toBe(false);
    let changed = '';
    act(() => {
      changed = reloaded.result.current.saleKey();
    });
    expect(changed).not.toBe(first);
    act(() => reloaded.result.current.dropSaleKey());
    expect(reloaded.result.current.hasPendingSale).toBe(false);
  });

  it('holds, survives a reload, recalls and deletes per outlet', () => {
    const { result, rerender } = renderHook(({ outlet }) => usePosCart(outlet), {
      initialProps: { outlet: 'outlet-a' },
    });
    act(() => result.current.dispatch({ type: 'add', line: kopi }));
    act(() => result.current.hold('Table 4'));
    expect(result.current.cart.lines).toEqual([]);
    expect(result.current.held.map((h) => h.label)).toEqual(['Table 4']);

    rerender({ outlet: 'outlet-b' });
    expect(result.current.held).toEqual([]);
    rerender({ outlet: 'outlet-a' });
    expect(result.current.held.map((h) => h.label)).toEqual(['Table 4']);

    const reloaded = renderHook(() => usePosCart('outlet-a'));
    const id = reloaded.result.current.held[0]!.id;
    let recalled = false;
    act(() => {
      recalled = reloaded.result.current.recall(id);
    });
    expect(recalled).toBe(true);
    expect(reloaded.result.current.cart.lines.map((l) => l.name)).toEqual(['Kopi']);
    expect(reloaded.result.current.held).toEqual([]);
    act(() => {
      recalled = reloaded.result.current.recall(id);
    });
    expect(recalled).toBe(false);

    act(() => reloaded.result.current.hold('Ali'));
    act(() => reloaded.result.current.removeHeld(reloaded.result.current.held[0]!.id));
    expect(reloaded.result.current.held).toEqual([]);
    expect(renderHook(() => usePosCart('outlet-a')).result.current.held).toEqual([]);
  });
});
