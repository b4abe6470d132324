import { useCallback, useMemo, useRef, useState } from 'react';
import {
  orderCreateSchema,
  type PosContext,
  type PosMenu,
  type PosMenuProduct,
  type ServingMethod,
} from '@kopi/contract';
import { usePosShiftState } from '../../components/shifts/pos-shift-state';
import { useShiftStrings } from '../../components/shifts/i18n';
import type { Cart, CartField } from './cart';
import type { FieldProblems } from './components/cart-customer-fields';
import type { LineFlag } from './components/cart-line-item';
import { usePosStrings } from './i18n';
import { blocksSales, type OutletSaleState } from './outlet-state';
import { useStatePerKey } from './use-state-per-key';
import { useTillName } from '../../lib/till-name';

const phoneSchema = orderCreateSchema.shape.customer_phone;
const checkedFields = ['table_no', 'delivery_address', 'customer_phone'] as const;

/**
 * What stops the cart from being paid: lines the menu no longer sells or the server refused,
 * the outlet's state, and customer fields. A field's problem shows once the cashier has left it
 * or pressed Pay; Pay then focuses the first field with a problem.
 */
export function useSaleChecks({
  cart,
  serving,
  context,
  menu,
  menuIndex,
  saleState,
  outletId,
}: {
  cart: Cart;
  serving: ServingMethod | null;
  context: PosContext | undefined;
  menu: PosMenu | undefined;
  menuIndex: ReadonlyMap<string, PosMenuProduct>;
  saleState: OutletSaleState | null;
  outletId: string | null;
}) {
  const { t } = usePosStrings();
  const shiftStrings = useShiftStrings().t;
  const tillName = useTillName();
  // This device's till has no open shift while the tenant requires one: Pay asks to
  // open one (or choose the till) before the cart can be paid.
  const shiftState = usePosShiftState(outletId);
  const [touched, setTouched] = useState<ReadonlySet<CartField>>(new Set());
  // Another outlet: the last refusal was about another menu.
  const [refusedKeys, setRefusedKeys] = useStatePerKey<ReadonlySet<string>>(outletId, new Set());
  const tableRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const flags = useMemo(() => {
    const map = new Map<string, LineFlag>();
    for (const line of cart.lines) {
      const product = menuIndex.get(line.product_id);
      if (menu && (!product || !product.available)) map.set(line.key, 'unavailable');
      else if (product?.sold_out) map.set(line.key, 'soldOut');
      else if (refusedKeys.has(line.key)) map.set(line.key, 'refused');
    }
    return map;
  }, [cart.lines, menu, menuIndex, refusedKeys]);
  const unsellableLines = [...flags.values()].some((f) => f !== 'refused');

  const allFieldProblems: FieldProblems = {};
  if (serving === 'dine_in' && !cart.table_no.trim())
    allFieldProblems.table_no = t('problems.tableRequired');
  if (serving === 'delivery' && !cart.delivery_address.trim())
    allFieldProblems.delivery_address = t('problems.addressRequired');
  const phone = cart.customer_phone.replace(/[\s-]/g, '');
  if (phone && !phoneSchema.safeParse(phone).success)
    allFieldProblems.customer_phone = t('problems.phoneInvalid');
  const fieldProblems: FieldProblems = Object.fromEntries(
    Object.entries(allFieldProblems).filter(([k]) => touched.has(k as CartField)),
  );

  const blockedProblem =
    !context || !menu
      ? t('problems.loading')
      : cart.lines.length === 0
        ? t('problems.emptyCart')
        : saleState === 'dayClosed'
          ? t('problems.dayClosed')
          : saleState && blocksSales(saleState)
            ? t('problems.notTaking')
            : !serving
              ? t('problems.noServing')
              : unsellableLines
                ? t('problems.unsellable')
                : null;
  const shiftMissing = blockedProblem === null && shiftState.missing;
  const shiftProblem = !shiftMissing
    ? null
    : shiftState.till
      ? shiftStrings('device.needShift', { till: tillName(shiftState.till.name) })
      : shiftStrings('device.needTill');
  const payProblem =
    blockedProblem ??
    shiftProblem ??
    allFieldProblems.table_no ??
    allFieldProblems.delivery_address ??
    allFieldProblems.customer_phone ??
    null;

  /** Shows every field's problem and focuses the first; false when there is none. */
  const revealFieldProblems = (): boolean => {
    setTouched(new Set(checkedFields));
    const refs = { table_no: tableRef, delivery_address: addressRef, customer_phone: phoneRef };
    const first = checkedFields.find((f) => allFieldProblems[f]);
    if (!first) return false;
    refs[first].current?.focus();
    return true;
  };

  return {
    flags,
    fieldProblems,
    blockedProblem,
    /** Pay waits for a shift on this device's till: it asks the top bar to open one. */
    shiftMissing,
    payProblem,
    fieldRefs: { tableRef, addressRef, phoneRef },
    revealFieldProblems,
    touch: (field: CartField) => setTouched((s) => new Set(s).add(field)),
    /** The server refused these lines: they stay marked until the cart changes. */
    refuse: (keys: readonly string[]) => setRefusedKeys(new Set(keys)),
    clearRefused: useCallback(() => setRefusedKeys(new Set()), [setRefusedKeys]),
    /** Another cart on screen (cleared, held, recalled, sold): nothing touched or refused. */
    reset: useCallback(() => {
      setTouched(new Set());
      setRefusedKeys(new Set());
    }, [setRefusedKeys]),
  };
}
