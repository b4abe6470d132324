import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PosContext, PricingResult } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { cartItemCount, type Cart, type CartAction, type CartField, type CartLine } from '../cart';
import { usePosStrings } from '../i18n';
import type { VoucherState } from '../use-voucher';
import {
  CartCustomerFields,
  type CustomerFieldRefs,
  type FieldProblems,
} from './cart-customer-fields';
import { CartCustomer } from './cart-customer';
import { CartLineItem, type LineFlag } from './cart-line-item';
import { CartTotals } from './cart-totals';
import { CartVoucher } from './cart-voucher';

/** The order being rung up: lines, its customer, serving method, live totals and Pay. */
export function CartPanel({
  cart,
  dispatch,
  context,
  totals,
  nonCashTotal,
  flags,
  fieldProblems,
  onFieldBlur,
  payProblem,
  payDisabled,
  onPay,
  onClear,
  onEditNote,
  onEditOptions,
  discount,
  voucher,
  onOpenCustomer,
  onTopup,
  hasPendingSale,
  ...refs
}: {
  cart: Cart;
  dispatch: (action: CartAction) => void;
  context: PosContext | undefined;
  totals: PricingResult | null;
  /** The total without cash rounding, shown when it differs. */
  nonCashTotal: number | null;
  flags: ReadonlyMap<string, LineFlag>;
  fieldProblems: FieldProblems;
  onFieldBlur: (field: CartField) => void;
  /** Why Pay is not possible now (shown under the button), or null. */
  payProblem: string | null;
  /** The sale cannot go ahead at all now (empty cart, outlet not selling, still loading). */
  payDisabled: boolean;
  onPay: () => void;
  onClear: () => void;
  /** Opens the note of the line with this key. */
  onEditNote: (key: string) => void;
  /** Opens the choices of a line whose product has any; null for a line without. */
  onEditOptions: (line: CartLine) => (() => void) | null;
  /** The manual discount: its line in the totals, and the button (null: may not give one). */
  discount: {
    label: string | null;
    over: boolean;
    /** The discount is given with a manager's PIN at payment. */
    needsApproval: boolean;
    onOpen: (() => void) | null;
  };
  /** The sale's voucher: its line (what it takes off, or why not) and the button. */
  voucher: {
    state: VoucherState;
    discount: number;
    onOpen: () => void;
    onRemove: () => void;
    onRetry: () => void;
  };
  /** Opens the dialog that finds or adds the order's customer. */
  onOpenCustomer: () => void;
  /** Opens the attached customer's wallet top-up. */
  onTopup: () => void;
  hasPendingSale: boolean;
} & CustomerFieldRefs) {
  const { t } = usePosStrings();
  // The header's buttons act on the lines: nothing to do while the cart is empty.
  const lineButton = (
    onClick: () => void,
    testId: string,
    label: string,
    sx: { ml?: 'auto' } = {},
  ) => (
    <Button
      onClick={onClick}
      disabled={cart.lines.length === 0}
      color="inherit"
      sx={{ ...sx, minHeight: 44 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  return (
    <Box
      component="section"
      aria-labelledby="pos-cart-title"
      data-testid="pos-cart"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      {/* The actions wrap under the title when the words are long (Malay) or the cart narrow. */}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', px: 1.5, py: 0.5, minHeight: 52 }}
      >
        <Typography id="pos-cart-title" variant="h6" component="h2">
          {t('cart.title')}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ ml: 1 }}
          data-testid="pos-cart-count"
        >
          {t('cart.items', { count: cartItemCount(cart) })}
        </Typography>
        {lineButton(voucher.onOpen, 'pos-voucher', t('voucher.open'), { ml: 'auto' })}
        {discount.onOpen && lineButton(discount.onOpen, 'pos-discount', t('discount.open'))}
        {lineButton(onClear, 'pos-clear', t('cart.clear'))}
      </Stack>

      <Box
        component="ul"
        aria-label={t('cart.title')}
        sx={{ listStyle: 'none', m: 0, px: 1, py: 0, flex: 1, minHeight: 72, overflowY: 'auto' }}
      >
        {cart.lines.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('cart.empty')}
          </Typography>
        )}
        {cart.lines.map((line, i) => (
          <CartLineItem
            key={line.key}
            line={line}
            flag={flags.get(line.key)}
            lineTotal={totals?.line_totals[i]}
            dispatch={dispatch}
            onEditNote={onEditNote}
            onEditOptions={onEditOptions(line)}
          />
        ))}
      </Box>

      <CartCustomer
        customer={cart.customer}
        onOpen={onOpenCustomer}
        onRemove={() => dispatch({ type: 'customer', customer: null })}
        onTopup={onTopup}
      />
      <CartCustomerFields
        cart={cart}
        dispatch={dispatch}
        context={context}
        fieldProblems={fieldProblems}
        onFieldBlur={onFieldBlur}
        {...refs}
      />
      <CartTotals
        totals={totals}
        delivery={cart.serving_method === 'delivery'}
        nonCashTotal={nonCashTotal}
        discountLabel={discount.label}
        discountOver={discount.over}
        discountNeedsApproval={discount.needsApproval}
        voucherLine={
          <CartVoucher
            state={voucher.state}
            discount={voucher.discount}
            onRemove={voucher.onRemove}
            onRetry={voucher.onRetry}
          />
        }
      />

      <Box sx={{ p: 1.5, pt: 1 }}>
        {hasPendingSale && (
          <Alert severity="warning" sx={{ mb: 1, py: 0 }} data-testid="pos-pending-sale">
            {t('cart.unconfirmed')}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={onPay}
          disabled={payDisabled}
          aria-describedby={payProblem ? 'pos-pay-problem' : undefined}
          sx={{ minHeight: 56, typography: 'h6' }}
          data-testid="pos-pay"
        >
          {totals && cart.lines.length > 0
            ? t('cart.pay', { amount: formatMoney(totals.total) })
            : t('cart.payShort')}
        </Button>
        {payProblem && (
          <Typography
            id="pos-pay-problem"
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5, textAlign: 'center' }}
            data-testid="pos-pay-problem"
          >
            {payProblem}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
