import type { Ref } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PosContext, ServingMethod } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import type { Cart, CartAction, CartField } from '../cart';
import { usePosStrings } from '../i18n';

/** What stops a sale in the customer fields, by field, once the cashier has been there. */
export interface FieldProblems {
  table_no?: string;
  delivery_address?: string;
  customer_phone?: string;
}

export interface CustomerFieldRefs {
  tableRef: Ref<HTMLInputElement>;
  addressRef: Ref<HTMLInputElement>;
  phoneRef: Ref<HTMLInputElement>;
}

/** The serving method and the fields it asks for: table, delivery address, customer. */
export function CartCustomerFields({
  cart,
  dispatch,
  context,
  fieldProblems,
  onFieldBlur,
  tableRef,
  addressRef,
  phoneRef,
}: {
  cart: Cart;
  dispatch: (action: CartAction) => void;
  context: PosContext | undefined;
  fieldProblems: FieldProblems;
  onFieldBlur: (field: CartField) => void;
} & CustomerFieldRefs) {
  const { t } = usePosStrings();
  const methods = context?.outlet.serving_methods ?? [];
  const serving = cart.serving_method;
  const field = (name: CartField) => ({
    value: cart[name],
    onChange: (e: { target: { value: string } }) =>
      dispatch({ type: 'field', field: name, value: e.target.value }),
    onBlur: () => onFieldBlur(name),
    size: 'small' as const,
  });
  const problem = (name: keyof FieldProblems) => ({
    error: !!fieldProblems[name],
    helperText: fieldProblems[name],
  });

  return (
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
            multiline
            maxRows={2}
            {...problem('delivery_address')}
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
            sx={{ width: 130, flexShrink: 0 }}
            {...problem('table_no')}
            slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'pos-table-no' } }}
          />
        )}
        {serving !== 'dine_in' && (
          <TextField
            label={t('cart.customerName')}
            {...field('customer_name')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'pos-customer-name' } }}
          />
        )}
        <TextField
          inputRef={phoneRef}
          label={t('cart.phone')}
          {...field('customer_phone')}
          fullWidth
          type="tel"
          {...problem('customer_phone')}
          slotProps={{
            htmlInput: { maxLength: 20, inputMode: 'tel', 'data-testid': 'pos-phone' },
          }}
        />
      </Stack>
    </Stack>
  );
}
