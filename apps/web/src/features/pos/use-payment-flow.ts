import { useState } from 'react';
import type { PosContext, PosMenuProduct, ServingMethod } from '@kopi/contract';
import { askForShift } from '../../components/shifts/pos-shift-state';
import { useRefreshPos } from './api';
import { needsOutsideHoursConfirm, type OutletSaleState } from './outlet-state';
import type { useSaleChecks } from './use-sale-checks';
import type { useVoucher } from './use-voucher';
import type { usePosCart } from './use-pos-cart';
import { usePaymentParts } from './use-payment-parts';
import { useSaleSubmit } from './use-sale-submit';
import { useStatePerKey } from './use-state-per-key';

/**
 * From Pay to the receipt: Pay checks the cart, asks to confirm a sale outside opening hours
 * (once per outlet and sale), opens the payment dialog, and the dialog sends the sale.
 */
export function usePaymentFlow({
  outletId,
  pos,
  serving,
  context,
  menuIndex,
  saleState,
  checks,
  voucher,
}: {
  outletId: string | null;
  pos: ReturnType<typeof usePosCart>;
  serving: ServingMethod | null;
  context: PosContext | undefined;
  menuIndex: ReadonlyMap<string, PosMenuProduct>;
  saleState: OutletSaleState | null;
  checks: ReturnType<typeof useSaleChecks>;
  voucher: ReturnType<typeof useVoucher>;
}) {
  const refreshPos = useRefreshPos();
  const [payOpen, setPayOpen] = useState(false);
  // Another outlet: its own hours and its own confirmation.
  const [allowOutside, setAllowOutside] = useStatePerKey(outletId, false);
  const [outsideAsk, setOutsideAsk] = useState<null | 'pay' | 'resend'>(null);
  const parts = usePaymentParts({
    cart: pos.cart,
    serving,
    context,
    menuIndex,
    voucherDiscount: voucher.discount,
  });
  const sale = useSaleSubmit({
    outletId,
    cart: pos.cart,
    serving,
    view: parts.view,
    voucher,
    saleKey: pos.saleKey,
    dropSaleKey: pos.dropSaleKey,
    hasPendingSale: pos.hasPendingSale,
    dispatch: pos.dispatch,
    refreshPos,
    onRecorded: () => {
      setPayOpen(false);
      setAllowOutside(false);
      checks.reset();
    },
    onOutletClosed: () => setOutsideAsk('resend'),
    onRefusedLines: checks.refuse,
    onWalletRefused: parts.redoWallet,
  });

  const openPayment = () => {
    sale.resetStatus();
    setPayOpen(true);
  };

  return {
    parts,
    sale,
    payOpen,
    closePayment: () => setPayOpen(false),
    allowOutside,
    /** Waiting for the cashier to confirm a sale outside opening hours. */
    askingOutside: outsideAsk !== null,
    onPay: () => {
      if (checks.blockedProblem) return;
      // Before the sale, not after the cash count: a shift on this device's till first.
      if (checks.shiftMissing) {
        askForShift();
        return;
      }
      if (checks.revealFieldProblems()) return;
      // The voucher's check of this cart has not answered: the totals may still change.
      if (voucher.blocking) return;
      if (saleState && needsOutsideHoursConfirm(saleState) && !allowOutside) {
        setOutsideAsk('pay');
        return;
      }
      openPayment();
    },
    confirm: () => void sale.send(allowOutside),
    confirmOutside: () => {
      const resend = outsideAsk === 'resend';
      setAllowOutside(true);
      setOutsideAsk(null);
      if (resend) void sale.send(true);
      else openPayment();
    },
    cancelOutside: () => setOutsideAsk(null),
  };
}
