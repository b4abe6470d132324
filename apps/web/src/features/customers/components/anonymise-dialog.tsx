import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toasts';
import { anonymiseCustomer } from '../api';
import { useCustomerStrings } from '../i18n';
import type { CustomerDialogProps } from './customer-dialog-props';

/** Spaces and dashes do not count: "+60 12-345 6789" is "+60123456789". */
const digitsOf = (phone: string) => phone.replace(/[\s-]/g, '');

/** Whether what was typed is the customer's phone number. */
export const phoneConfirmed = (typed: string, phone: string) =>
  typed.trim() !== '' && digitsOf(typed) === digitsOf(phone);

/**
 * PDPA erasure: asks first, says what goes and what stays, and opens only once the customer's
 * phone number is typed, because it cannot be undone.
 */
export function AnonymiseDialog({ customer, open, onClose, onDone }: CustomerDialogProps) {
  const { t } = useCustomerStrings();
  const [typed, setTyped] = useState('');
  const confirmed = phoneConfirmed(typed, customer.phone);
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = async () => {
    try {
      await anonymiseCustomer(customer.id);
    } catch {
      return; // the client toasted why
    }
    toast.success(t('actions.anonymised'));
    setTyped('');
    onClose();
    await onDone();
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('actions.anonymiseTitle', { name: customer.name })}
      confirmLabel={t('actions.anonymise')}
      confirmColor="error"
      confirmDisabled={!confirmed}
      onConfirm={confirm}
      onClose={close}
    >
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="anonymise-warning">
        {t('actions.anonymiseMessage')}
      </Alert>
      <TextField
        autoFocus
        fullWidth
        label={t('actions.anonymiseConfirmLabel', { phone: customer.phone })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={typed.trim() !== '' && !confirmed}
        helperText={typed.trim() !== '' && !confirmed ? t('actions.anonymiseMismatch') : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'anonymise-confirm-input', autoComplete: 'off' } }}
      />
    </ConfirmDialog>
  );
}
