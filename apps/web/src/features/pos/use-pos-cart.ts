import { useCallback, useEffect, useState } from 'react';
import {
  cartReducer,
  emptyCart,
  heldKey,
  holdCart,
  loadHeld,
  loadSavedCart,
  recallHeld,
  removeHeld,
  saveCart,
  saveHeld,
  type Cart,
  type CartAction,
  type HeldCart,
} from './cart';

// The cart of the chosen outlet with its held carts and the pending sale key, kept in
// localStorage as they change (see cart.ts).

interface State {
  outletId: string | null;
  cart: Cart;
  /** The Idempotency-Key of this cart's sale, once the cashier confirmed a payment. */
  pending: { key: string; version: number } | null;
  held: HeldCart[];
}

const storage = () => window.localStorage;

function loadState(outletId: string | null): State {
  if (!outletId) return { outletId, cart: emptyCart, pending: null, held: [] };
  const saved = loadSavedCart(storage(), outletId);
  const cart = saved?.cart ?? emptyCart;
  return {
    outletId,
    cart,
    pending: saved?.pending_key ? { key: saved.pending_key, version: cart.version } : null,
    held: loadHeld(storage(), outletId),
  };
}

export function usePosCart(outletId: string | null) {
  const [state, setState] = useState<State>(() => loadState(outletId));
  // Another outlet chosen: its own cart and held carts.
  const current = state.outletId === outletId ? state : loadState(outletId);
  if (current !== state) setState(current);

  useEffect(() => {
    if (!current.outletId) return;
    const key = current.pending?.version === current.cart.version ? current.pending.key : null;
    saveCart(storage(), current.outletId, current.cart, key);
  }, [current.outletId, current.cart, current.pending]);

  // Held carts changed in another tab of this outlet: show the same list here.
  useEffect(() => {
    if (!outletId) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== heldKey(outletId)) return;
      setState((s) =>
        s.outletId === outletId ? { ...s, held: loadHeld(storage(), outletId) } : s,
      );
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [outletId]);

  const dispatch = useCallback((action: CartAction) => {
    setState((s) => {
      const cart = cartReducer(s.cart, action);
      if (cart === s.cart) return s;
      // A changed cart is another sale: its key is dropped.
      return { ...s, cart, pending: null };
    });
  }, []);

  const updateHeld = useCallback((change: (held: HeldCart[]) => HeldCart[]) => {
    setState((s) => {
      if (!s.outletId) return s;
      // Read again first: another tab may have held or recalled meanwhile.
      const held = change(loadHeld(storage(), s.outletId));
      saveHeld(storage(), s.outletId, held);
      return { ...s, held };
    });
  }, []);

  return {
    cart: current.cart,
    held: current.held,
    dispatch,
    /** The sale's key: the one already used for this very cart, else a new one. */
    saleKey: useCallback((): string => {
      const existing = state.pending;
      if (existing && existing.version === state.cart.version) return existing.key;
      const key = crypto.randomUUID();
      setState((s) => ({ ...s, pending: { key, version: s.cart.version } }));
      return key;
    }, [state.pending, state.cart.version]),
    /** The server answered (a refusal): the next attempt is a new request with a new key. */
    dropSaleKey: useCallback(() => setState((s) => ({ ...s, pending: null })), []),
    /** A sale whose answer never came is waiting to be retried with its key. */
    hasPendingSale: current.pending !== null && current.pending.version === current.cart.version,
    hold: useCallback((label: string) => {
      setState((s) => {
        if (!s.outletId) return s;
        const held = holdCart(
          loadHeld(storage(), s.outletId),
          s.cart,
          label,
          crypto.randomUUID(),
          new Date(),
        );
        saveHeld(storage(), s.outletId, held);
        return { ...s, held, cart: cartReducer(s.cart, { type: 'clear' }), pending: null };
      });
    }, []),
    /** Recalls a held cart into the current one; false when it is gone. */
    recall: useCallback(
      (id: string): boolean => {
        if (!outletId) return false;
        const found = recallHeld(loadHeld(storage(), outletId), id);
        if (!found) {
          setState((s) => ({ ...s, held: loadHeld(storage(), outletId) }));
          return false;
        }
        saveHeld(storage(), outletId, found.rest);
        setState((s) => ({
          ...s,
          held: found.rest,
          cart: cartReducer(s.cart, { type: 'replace', cart: found.cart }),
          pending: null,
        }));
        return true;
      },
      [outletId],
    ),
    removeHeld: useCallback(
      (id: string) => updateHeld((held) => removeHeld(held, id)),
      [updateHeld],
    ),
  };
}
