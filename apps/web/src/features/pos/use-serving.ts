import { useEffect, useMemo } from 'react';
import type { PosContext, ServingMethod } from '@kopi/contract';
import type { Cart, CartAction } from './cart';

/** The counter's usual way first: take-away, then whatever the outlet offers. */
const defaultServing = (methods: readonly ServingMethod[]): ServingMethod | null =>
  methods.includes('pick_up') ? 'pick_up' : (methods[0] ?? null);

/**
 * The sale's serving method: the cart's when the outlet offers it, else the outlet's default,
 * which is then written into the cart so the cart and the screen agree.
 */
export function useServing(
  cart: Cart,
  dispatch: (action: CartAction) => void,
  context: PosContext | undefined,
): ServingMethod | null {
  const servingMethods = useMemo(() => context?.outlet.serving_methods ?? [], [context]);
  const serving =
    cart.serving_method && servingMethods.includes(cart.serving_method)
      ? cart.serving_method
      : defaultServing(servingMethods);
  useEffect(() => {
    if (serving && serving !== cart.serving_method) dispatch({ type: 'serving', method: serving });
  }, [serving, cart.serving_method, dispatch]);
  return serving;
}
