import { useState } from 'react';
import {
  type ManualDiscountInput,
  manualDiscountAsked,
  manualDiscountLimit,
  needsApproval,
  type PosContext,
  type PricingResult,
} from '@kopi/contract';
import { useCan } from '../../lib/can-context';
import { useSession } from '../../lib/session/session-store';
import type { Cart, CartAction } from './cart';

/**
 * The sale's manual discount: who may give one (whoever sells; without `discount-order` a
 * manager approves it by PIN when the sale is paid), the dialog, and whether the discount still
 * fits the tenant's maximum (a cart that shrank under an amount may not).
 */
export function useManualDiscount({
  cart,
  dispatch,
  context,
  totals,
}: {
  cart: Cart;
  dispatch: (action: CartAction) => void;
  context: PosContext | undefined;
  totals: PricingResult | null;
}) {
  const can = useCan();
  const permissions = useSession().permissions;
  const [open, setOpen] = useState(false);
  const maxBp = context?.pricing.manual_discount_max_bp ?? 0;
  const subtotal = totals?.subtotal ?? 0;
  const discount = cart.manual_discount;
  const over =
    discount !== null &&
    cart.lines.length > 0 &&
    manualDiscountAsked(discount, subtotal) > manualDiscountLimit(subtotal, maxBp);
  return {
    allowed: can('discount', 'order') || can('create', 'pos'),
    /**
     * The cart's discount will need a manager's PIN when the sale is paid: the rule the payment's
     * PIN dialog (useApproval) and the server follow.
     */
    needsApproval: discount !== null && needsApproval('manual_discount', new Set(permissions)),
    open,
    openDialog: () => setOpen(true),
    over,
    dialog: {
      open,
      current: discount,
      subtotal,
      maxBp,
      onApply: (d: ManualDiscountInput | null) => {
        dispatch({ type: 'discount', discount: d });
        setOpen(false);
      },
      onClose: () => setOpen(false),
    },
  };
}
