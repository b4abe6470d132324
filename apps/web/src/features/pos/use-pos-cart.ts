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
// localStorage as they change (see cart.ts). Storage is read again before each change to the
// held carts (another tab may have held or recalled meanwhile) and written outside the state
// updaters, which React may run twice.

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
  const { cart, pending } = current;
  const livePending = pending !== null && pending.version === cart.version ? pending : null;

  useEffect(() => {
    if (outletId) saveCart(storage(), outletId, cart, livePending?.key ?? null);
  }, [outletId, cart, livePending]);

  // Held carts changed in another tab of this outlet: show the same list here.
  useEffect(() => {
    if (!outletId) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== heldKey(outletId)) return;
      const held = loadHeld(storage(), outletId);
      setState((s) => (s.outletId === outletId ? { ...s, held } : s));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [outletId]);

  const dispatch = useCallback((action: CartAction) => {
    setState((s) => {
      const next = cartReducer(s.cart, action);
      // A changed cart is another sale: its key is dropped.
      return next === s.cart ? s : { ...s, cart: next, pending: null };
    });
  }, []);

  const setHeld = useCallback(
    (held: HeldCart[], cartAction?: CartAction) => {
      if (!outletId) return;
      saveHeld(storage(), outletId, held);
      setState((s) =>
        s.outletId !== outletId
          ? s
          : cartAction
            ? { ...s, held, cart: cartReducer(s.cart, cartAction), pending: null }
            : { ...s, held },
      );
    },
    [outletId],
  );

  /** The sale's key: the one already used for this very cart, else a new one. */
  const saleKey = useCallback((): string => {
    if (livePending) return livePending.key;
    const key = crypto.randomUUID();
    const version = cart.version;
    setState((s) => ({ ...s, pending: { key, version } }));
    return key;
  }, [livePending, cart.version]);

  const hold = useCallback(
    (label: string) => {
      if (!outletId) return;
      const held = holdCart(
        loadHeld(storage(), outletId),
        cart,
        label,
        crypto.randomUUID(),
        new Date(),
      );
      setHeld(held, { type: 'clear' });
    },
    [outletId, cart, setHeld],
  );

  /** Recalls a held cart into the current one; false when it is gone (recalled elsewhere). */
  const recall = useCallback(
    (id: string): boolean => {
      if (!outletId) return false;
      const held = loadHeld(storage(), outletId);
      const found = recallHeld(held, id);
      if (!found) {
        setHeld(held);
        return false;
      }
      setHeld(found.rest, { type: 'replace', cart: found.cart });
      return true;
    },
    [outletId, setHeld],
  );

  return {
    cart,
    held: current.held,
    dispatch,
    saleKey,
    /** The server answered (a refusal): the next attempt is a new request with a new key. */
    dropSaleKey: useCallback(() => setState((s) => ({ ...s, pending: null })), []),
    /** A sale whose answer never came is waiting to be retried with its key. */
    hasPendingSale: livePending !== null,
    hold,
    recall,
    removeHeld: useCallback(
      (id: string) => {
        if (outletId) setHeld(removeHeld(loadHeld(storage(), outletId), id));
      },
      [outletId, setHeld],
    ),
  };
}
