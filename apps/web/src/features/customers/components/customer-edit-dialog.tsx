import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { customerUpdateSchema, type CustomerDetails, type CustomerUpdate } from '@kopi/contract';
import type { z } from 'zod';
import { DateField } from '../../../components/date-field/date-field';
import { FormDialog } from '../../../components/entity-drawer/form-dialog';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { CellController } from '../../../components/form-binding';
import { FormField } from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { updateCustomer } from '../api';
import { useCustomerStrings } from '../i18n';

type FormValues = z.input<typeof customerUpdateSchema>;
const blank: FormValues = { name: '', email: null, birthday: null };
const fields = ['name', 'email', 'birthday'] as const;

/** Edit the customer's name, e-mail and birthday (update-customer); the phone is their key. */
export function CustomerEditDialog({
  customer,
  open,
  onClose,
  onSaved,
}: {
  customer: CustomerDetails;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useCustomerStrings();
  const { frame } = useEntityForm({
    open,
    record: customer,
    blank,
    valuesOf: (c: CustomerDetails): FormValues => ({
      name: c.name,
      email: c.email,
      birthday: c.birthday,
    }),
    resolver: zodResolver(customerUpdateSchema),
    fields,
    onSubmit: async (values: CustomerUpdate) => {
      await updateCustomer(customer.id, values);
      toast.success(t('actions.saved'));
      await onSaved();
      onClose();
    },
    onClose,
  });
  return (
    <FormDialog
      name="customer-edit"
      title={t('actions.editTitle', { name: customer.name })}
      maxWidth="xs"
      {...frame}
    >
      <Stack spacing={2.5}>
        <FormTextField name="name" label={t('actions.name')} fullWidth autoFocus />
        <FormField name="email" label={t('actions.email')} type="email" fullWidth emptyAsNull />
        <CellController<FormValues>
          name="birthday"
          render={({ field, fieldState }) => (
            <DateField
              optional
              size="medium"
              sx={{ width: '100%' }}
              label={t('actions.birthday')}
              value={(field.value as string | null) ?? ''}
              onCommit={(iso) => field.onChange(iso || null)}
              error={Boolean(fieldState.error)}
              helperText={translateValidation(fieldState.error?.message)}
              testId="customer-edit-birthday"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
