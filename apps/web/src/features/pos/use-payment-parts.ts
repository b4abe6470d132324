import { useCallback, useState } from 'react';
import type {
  CounterPaymentMethod,
  PosContext,
  PosMenuProduct,
  ServingMethod,
} from '@kopi/contract';
import type { Cart } from './cart';
import {
  entryToPart,
  isAllCash,
  newEntry,
  paymentView,
  saleTotals,
  type PaymentEntry,
  type PaymentPart,
} from './payment';

interface PaymentState {
  /** The cart version these payments belong to: a changed cart starts them over. */
  version: number;
  parts: PaymentPart[];
  entry: PaymentEntry;
}

/**
 * The payments of the cart on screen (a split bill's parts and the one being entered), the totals
 * they make (rounded only when all cash) and what the payment panel shows and allows.
 */
export function usePaymentParts({
  cart,
  serving,
  context,
  menuIndex,
  voucherDiscount,
}: {
  cart: Cart;
  serving: ServingMethod | null;
  context: PosContext | undefined;
  menuIndex: ReadonlyMap<string, PosMenuProduct>;
  /** The checked voucher's discount, in sen. */
  voucherDiscount: number;
}) {
  const [paymentState, setPaymentState] = useState<PaymentState>({
    version: -1,
    parts: [],
    entry: newEntry(),
  });
  const payment: PaymentState =
    paymentState.version === cart.version
      ? paymentState
      : { version: cart.version, parts: [], entry: newEntry() };
  const update = (changes: Partial<Omit<PaymentState, 'version'>>) =>
    setPaymentState({ ...payment, ...changes });
  const price = useCallback(
    (cash: boolean) =>
      context && serving
        ? saleTotals(cart, serving, context, menuIndex, cash, voucherDiscount)
        : null,
    [cart, serving, context, menuIndex, voucherDiscount],
  );
  const paidInCash = isAllCash([...payment.parts.map((p) => p.method), payment.entry.method]);
  const view =
    context && serving
      ? paymentView(payment.parts, payment.entry, (cash) => price(cash)!, cart.customer?.id)
      : null;

  return {
    parts: payment.parts,
    entry: payment.entry,
    totals: price(paidInCash),
    view,
    setEntry: (entry: PaymentEntry) => update({ entry }),
    /**
     * Takes the entered payment as one part of a split bill. The next entry starts as card after
     * cash, as cash after the wallet (whose code pays once), else as the same method.
     */
    addPart: () => {
      if (!view?.canAddPart) return;
      update({
        parts: [...payment.parts, entryToPart(payment.entry, view.amount)],
        entry: newEntry(nextMethod[payment.entry.method] ?? payment.entry.method),
      });
    },
    removePart: (index: number) => update({ parts: payment.parts.filter((_, j) => j !== index) }),
    /**
     * The server refused the wallet's code (expired, used, balance too low, customer blocked):
     * the other payments stay as they are and the wallet waits for a new code.
     */
    redoWallet: () => {
      const { parts, entry } = payment;
      const current =
        entry.method !== 'wallet' && view && view.amount > 0
          ? [entryToPart(entry, view.amount)]
          : [];
      update({
        parts: [...parts.filter((p) => p.method !== 'wallet'), ...current],
        entry: newEntry('wallet'),
      });
    },
  };
}

const nextMethod: Partial<Record<CounterPaymentMethod, CounterPaymentMethod>> = {
  cash: 'card',
  wallet: 'cash',
};
