import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveOrderEvent, PosMenu, PosMenuProduct } from '@kopi/contract';
import { useCan } from '../../lib/can-context';
import { useLiveRefresh } from '../../lib/live/live-refresh';
import { liveSocket, onLiveOrderEvent } from '../../lib/session/session-runtime';
import { toast } from '../../lib/toasts';
import { posKeys, setSoldOut } from './api';
import { usePosStrings } from './i18n';
import { errorText } from '../../lib/form-errors';

// "Sold out today" at the counter: the tile's menu switches it for the outlet, and every POS of
// the outlet hears the product.sold_out live event and reads its menu again, so a sold-out tile
// greys out on the other tills without a reload.

export const SOLD_OUT_EVENT = 'product.sold_out';

const withSoldOut = (menu: PosMenu | undefined, productId: string, soldOut: boolean) =>
  menu && {
    ...menu,
    products: menu.products.map((p) => (p.id === productId ? { ...p, sold_out: soldOut } : p)),
  };

/** The outlet's menu follows sold-out switches made anywhere (another till, the back office). */
export function useLiveSoldOut(outletId: string | null) {
  const client = useQueryClient();
  useLiveRefresh({
    refresh: () =>
      outletId ? client.invalidateQueries({ queryKey: posKeys.menu(outletId) }) : Promise.resolve(),
    accepts: (event: LiveOrderEvent) =>
      event.type === SOLD_OUT_EVENT && event.message.outlet_id === outletId,
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    resyncs: liveSocket.resyncs,
  });
}

export interface SoldOutSwitch {
  toggle: (product: PosMenuProduct, soldOut: boolean) => void;
}

/** The tile menu's switch, or undefined for a user without toggle-sold-out. */
export function useSoldOutSwitch(outletId: string | null): SoldOutSwitch | undefined {
  const { t } = usePosStrings();
  const can = useCan();
  const client = useQueryClient();
  const allowed = can('toggle', 'sold-out') && Boolean(outletId);
  const key = posKeys.menu(outletId ?? '');

  const mutation = useMutation({
    mutationFn: ({ product, soldOut }: { product: PosMenuProduct; soldOut: boolean }) =>
      setSoldOut(product.id, outletId!, soldOut),
    onMutate: async ({ product, soldOut }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<PosMenu>(key, (menu) => withSoldOut(menu, product.id, soldOut));
    },
    onSuccess: (_, { product, soldOut }) => {
      const message = soldOut ? 'catalogue.markedSoldOut' : 'catalogue.markedBackInStock';
      toast.success(t(message, { name: product.name }));
    },
    onError: (error, { product, soldOut }) => {
      client.setQueryData<PosMenu>(key, (menu) => withSoldOut(menu, product.id, !soldOut));
      toast.error(
        t('catalogue.soldOutFailed', {
          name: product.name,
          message: errorText(error),
        }),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  const mutate = mutation.mutate;
  const toggle = useCallback(
    (product: PosMenuProduct, soldOut: boolean) => mutate({ product, soldOut }),
    [mutate],
  );
  return allowed ? { toggle } : undefined;
}
