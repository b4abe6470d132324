import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  signedWalletAdjustment,
  type WalletAdjustmentForm,
  walletAdjustmentFormSchema,
} from '@kopi/contract';
import { FormDialog } from '../../../components/entity-drawer/form-dialog';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { CellController } from '../../../components/form-binding';
import { FormField, FormMoneyField } from '../../../components/form-fields';
import { formatMoney } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { adjustWallet } from '../api';
import { useCustomerStrings } from '../i18n';
import type { CustomerDialogProps } from './customer-dialog-props';

type FormValues = WalletAdjustmentForm;

const blank: FormValues = { direction: 'credit', amount: null as unknown as number, reason: '' };
const fields = ['amount', 'reason'] as const;

/**
 * Credit or debit the customer's wallet with a reason (adjust-wallet). Within the tenant's limit
 * the server posts it at once; over it, the adjustment waits for a second staff member.
 */
export function WalletAdjustDialog({ customer, open, onClose, onDone }: CustomerDialogProps) {
  const { t } = useCustomerStrings();
  const { frame } = useEntityForm({
    open,
    record: null,
    blank,
    valuesOf: () => blank,
    resolver: zodResolver(walletAdjustmentFormSchema),
    fields,
    onSubmit: async (values: FormValues) => {
      const body = signedWalletAdjustment(values);
      const result = await adjustWallet(customer.id, body);
      const amount = formatMoney(body.amount);
      if (result.status === 'posted') {
        toast.success(t('actions.posted', { amount, balance: formatMoney(result.balance) }));
      } else {
        toast.info(t('actions.pending', { amount }));
      }
      await onDone();
      onClose();
    },
    onClose,
  });
  return (
    <FormDialog
      name="wallet-adjust"
      title={t('actions.adjustTitle', { name: customer.name })}
      maxWidth="xs"
      {...frame}
    >
      <Stack spacing={2.5}>
        <Alert severity="info" icon={false} data-testid="wallet-adjust-balance">
          {t('actions.adjustBalance', { amount: formatMoney(customer.wallet_balance) })}
        </Alert>
        <CellController<FormValues>
          name="direction"
          render={({ field }) => (
            <RadioGroup
              row
              aria-label={t('actions.direction')}
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              <FormControlLabel value="credit" control={<Radio />} label={t('actions.credit')} />
              <FormControlLabel value="debit" control={<Radio />} label={t('actions.debit')} />
            </RadioGroup>
          )}
        />
        <FormMoneyField
          name="amount"
          label={t('actions.amount')}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'wallet-adjust-amount' } }}
        />
        <FormField
          name="reason"
          label={t('actions.reason')}
          helperText={t('actions.reasonHint')}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'wallet-adjust-reason' } }}
        />
      </Stack>
    </FormDialog>
  );
}
