import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import EditNote from '@mui/icons-material/EditNote';
import Remove from '@mui/icons-material/Remove';
import type { PosContext, PricingResult, ServingMethod } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { cartItemCount, MAX_QUANTITY, type Cart, type CartAction, type CartField } from '../cart';
import { usePosStrings } from '../i18n';

export type LineFlag = 'soldOut' | 'unavailable' | 'refused';
export interface FieldProblems {
  table_no?: string;
  delivery_address?: string;
  customer_phone?: string;
}

function TotalRow({
  label,
  value,
  testId,
  strong,
  hint,
}: {
  label: string;
  value: number;
  testId: string;
  strong?: boolean;
  hint?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        typography: strong ? 'h6' : 'body2',
        fontWeight: strong ? 700 : undefined,
        color: strong ? 'text.primary' : 'text.secondary',
      }}
      title={hint}
    >
      <span>{label}</span>
      <span data-testid={testId}>{formatMoney(value)}</span>
    </Box>
  );
}

/** The order being rung up: lines, serving method, customer, live totals and Pay. */
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
  hasPendingSale,
  tableRef,
  addressRef,
  phoneRef,
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
  hasPendingSale: boolean;
  tableRef: Ref<HTMLInputElement>;
  addressRef: Ref<HTMLInputElement>;
  phoneRef: Ref<HTMLInputElement>;
}) {
  const { t } = usePosStrings();
  const methods = context?.outlet.serving_methods ?? [];
  const serving = cart.serving_method;
  const count = cartItemCount(cart);
  const field = (name: CartField) => ({
    value: cart[name],
    onChange: (e: { target: { value: string } }) =>
      dispatch({ type: 'field', field: name, value: e.target.value }),
    onBlur: () => onFieldBlur(name),
  });
  const flagText: Record<LineFlag, string> = {
    soldOut: t('cart.soldOutNow'),
    unavailable: t('cart.unavailableNow'),
    refused: t('cart.refused'),
  };

  return (
    <Box
      component="section"
      aria-labelledby="pos-cart-title"
      data-testid="pos-cart"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 0.5, minHeight: 52 }}>
        <Typography id="pos-cart-title" variant="h6" component="h2">
          {t('cart.title')}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ ml: 1 }}
          data-testid="pos-cart-count"
        >
          {t('cart.items', { count })}
        </Typography>
        <Button
          onClick={onClear}
          disabled={cart.lines.length === 0}
          color="inherit"
          sx={{ ml: 'auto', minHeight: 44 }}
          data-testid="pos-clear"
        >
          {t('cart.clear')}
        </Button>
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
        {cart.lines.map((line, i) => {
          const flag = flags.get(line.key);
          const lineTotal = totals?.line_totals[i];
          return (
            <Box
              component="li"
              key={line.key}
              data-testid="pos-cart-line"
              data-flag={flag}
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr auto',
                gap: 0.5,
                py: 0.75,
                px: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: flag ? (theme) => alpha(theme.palette.error.main, 0.08) : undefined,
                outline: flag ? 1 : undefined,
                outlineColor: flag ? 'error.main' : undefined,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  sx={{ fontWeight: 600, lineHeight: 1.3 }}
                  data-testid="pos-cart-line-name"
                >
                  {line.name}
                </Typography>
                {line.options.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {line.options.map((o) => o.name).join(' · ')}
                  </Typography>
                )}
                {line.addons.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {line.addons.map((a) => `+ ${a.name}`).join(', ')}
                  </Typography>
                )}
                {line.notes && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                    {t('cart.note', { note: line.notes })}
                  </Typography>
                )}
                {flag && (
                  <Typography variant="body2" color="error.main" sx={{ fontWeight: 600 }}>
                    {flagText[flag]}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ fontWeight: 600, textAlign: 'end' }} data-testid="pos-line-total">
                {lineTotal !== undefined ? formatMoney(lineTotal) : ''}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', gridColumn: '1 / -1' }}>
                <IconButton
                  aria-label={t('cart.decrease', { name: line.name })}
                  onClick={() => dispatch({ type: 'increment', key: line.key, by: -1 })}
                  sx={{ width: 44, height: 44, border: 1, borderColor: 'divider' }}
                >
                  <Remove fontSize="small" />
                </IconButton>
                <Typography
                  aria-label={t('cart.quantityOf', { name: line.name })}
                  sx={{ minWidth: 40, textAlign: 'center', fontWeight: 600 }}
                  data-testid="pos-line-quantity"
                >
                  {line.quantity}
                </Typography>
                <IconButton
                  aria-label={t('cart.increase', { name: line.name })}
                  onClick={() => dispatch({ type: 'increment', key: line.key, by: 1 })}
                  disabled={line.quantity >= MAX_QUANTITY}
                  sx={{ width: 44, height: 44, border: 1, borderColor: 'divider' }}
                >
                  <Add fontSize="small" />
                </IconButton>
                <Tooltip title={t('cart.editNote', { name: line.name })}>
                  <IconButton
                    aria-label={t('cart.editNote', { name: line.name })}
                    onClick={() => onEditNote(line.key)}
                    sx={{ width: 44, height: 44, ml: 'auto' }}
                    data-testid="pos-line-note"
                  >
                    <EditNote fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('cart.remove', { name: line.name })}>
                  <IconButton
                    aria-label={t('cart.remove', { name: line.name })}
                    onClick={() => dispatch({ type: 'remove', key: line.key })}
                    sx={{ width: 44, height: 44 }}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Box>
          );
        })}
      </Box>

      <Stack spacing={1} sx={{ px: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <ToggleButtonGroup
          exclusive
          color="primary"
          fullWidth
          value={serving}
          onChange={(_, value: ServingMethod | null) => {
            if (value) dispatch({ type: 'serving', method: value });
          }}
          aria-label={t('cart.serving')}
          size="small"
        >
          {methods.map((m) => (
            <ToggleButton key={m} value={m} sx={{ minHeight: 44 }} data-testid={`pos-serving-${m}`}>
              {t(`serving.${m}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {serving === 'delivery' && (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="pos-delivery-fee-note">
              {t('cart.deliveryFee', { fee: formatMoney(context?.outlet.delivery_fee ?? 0) })}
            </Typography>
            <TextField
              inputRef={addressRef}
              label={t('cart.address')}
              {...field('delivery_address')}
              required
              size="small"
              multiline
              maxRows={2}
              error={!!fieldProblems.delivery_address}
              helperText={fieldProblems.delivery_address}
              slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'pos-address' } }}
            />
          </>
        )}
        <Stack direction="row" spacing={1}>
          {serving === 'dine_in' && (
            <TextField
              inputRef={tableRef}
              label={t('cart.tableNo')}
              {...field('table_no')}
              required
              size="small"
              sx={{ width: 130, flexShrink: 0 }}
              error={!!fieldProblems.table_no}
              helperText={fieldProblems.table_no}
              slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'pos-table-no' } }}
            />
          )}
          {serving !== 'dine_in' && (
            <TextField
              label={t('cart.customerName')}
              {...field('customer_name')}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'pos-customer-name' } }}
            />
          )}
          <TextField
            inputRef={phoneRef}
            label={t('cart.phone')}
            {...field('customer_phone')}
            size="small"
            fullWidth
            type="tel"
            error={!!fieldProblems.customer_phone}
            helperText={fieldProblems.customer_phone}
            slotProps={{
              htmlInput: { maxLength: 20, inputMode: 'tel', 'data-testid': 'pos-phone' },
            }}
          />
        </Stack>
      </Stack>

      <Box sx={{ px: 1.5, pt: 1 }} aria-label={t('cart.total')} role="group">
        <TotalRow label={t('cart.subtotal')} value={totals?.subtotal ?? 0} testId="pos-subtotal" />
        <TotalRow
          label={t('cart.serviceCharge')}
          value={totals?.service_charge ?? 0}
          testId="pos-service-charge"
        />
        <TotalRow label={t('cart.sst')} value={totals?.service_tax ?? 0} testId="pos-sst" />
        {serving === 'delivery' && (
          <TotalRow
            label={t('cart.deliveryFeeLine')}
            value={totals?.delivery_fee ?? 0}
            testId="pos-delivery-fee"
          />
        )}
        <TotalRow
          label={t('cart.rounding')}
          value={totals?.rounding ?? 0}
          testId="pos-rounding"
          hint={t('cart.roundingHint')}
        />
        <TotalRow label={t('cart.total')} value={totals?.total ?? 0} testId="pos-total" strong />
        {nonCashTotal !== null && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ textAlign: 'end' }}
          >
            {t('cart.nonCashTotal', { amount: formatMoney(nonCashTotal) })}
          </Typography>
        )}
      </Box>

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
