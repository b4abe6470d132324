import { useMemo, useState } from 'react';
import { storageKey } from '../../lib/app-config';
import { usePosContext, usePosMenu, usePosOutlets } from './api';
import { outletSaleState } from './outlet-state';

const OUTLET_KEY = storageKey('pos-outlet');

function readStoredOutlet(): string | null {
  try {
    return window.localStorage.getItem(OUTLET_KEY);
  } catch {
    return null;
  }
}

/**
 * The outlet the counter sells for (the one chosen on this device, else the first active one),
 * with its context and menu.
 */
export function usePosOutlet() {
  const outletsQuery = usePosOutlets();
  const outlets = useMemo(() => outletsQuery.data ?? [], [outletsQuery.data]);
  const [outletChoice, setOutletChoice] = useState<string | null>(readStoredOutlet);
  const outletId =
    outlets.find((o) => o.id === outletChoice)?.id ??
    (outlets.find((o) => o.status === 'active') ?? outlets[0])?.id ??
    null;
  const chooseOutlet = (id: string) => {
    setOutletChoice(id);
    try {
      window.localStorage.setItem(OUTLET_KEY, id);
    } catch {
      // Remembering the outlet is a convenience only.
    }
  };
  const contextQuery = usePosContext(outletId);
  const menuQuery = usePosMenu(outletId);
  const context = contextQuery.data?.outlet.id === outletId ? contextQuery.data : undefined;
  const menu = menuQuery.data;
  const products = useMemo(() => menu?.products ?? [], [menu]);
  const menuIndex = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  return {
    outletsQuery,
    outlets,
    outletId,
    chooseOutlet,
    context,
    menu,
    menuPending: menuQuery.isPending,
    loadFailed: contextQuery.isError || menuQuery.isError,
    products,
    menuIndex,
    saleState: context ? outletSaleState(context.outlet) : null,
  };
}
