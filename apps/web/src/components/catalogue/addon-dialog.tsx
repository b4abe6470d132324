import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { addonInputSchema, type AddonInput } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors';
import { FormTextField } from '../form-text-field';
import { FormMoneyField, FormSelectField } from '../form-fields';
import { useCatalogueDialogStrings } from './i18n';

type FormValues = z.input<typeof addonInputSchema>;
const blank: FormValues = { addons_name: '', price: 0, status: 'active' };
const fields = ['addons_name', 'price', 'status'] as const;

/** Create or edit an add-on (e.g. Extra shot, RM 2.00). */
export function AddonDialog({
  open,
  initial,
  usedBy = 0,
  onSubmit,
  onClose,
}: {
  open: boolean;
  initial?: AddonInput | null;
  usedBy?: number;
  onSubmit: (values: AddonInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t, ts } = useCatalogueDialogStrings();
  const form = useForm<FormValues, unknown, AddonInput>({
    resolver: zodResolver(addonInputSchema),
    defaultValues: blank,
  });
  useEffect(() => {
    if (open) form.reset(initial ?? blank);
  }, [open, initial, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="addon-dialog-title"
      data-testid="addon-dialog"
    >
      <DialogTitle id="addon-dialog-title">
        {initial ? t('addon.editTitle') : t('addon.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <form
          id="addon-form"
          noValidate
          // React events bubble through portals: keep a product form around the dialog out of it.
          onSubmit={(e) => {
            e.stopPropagation();
            void submit(e);
          }}
        >
          <Stack spacing={2.5}>
            {usedBy > 0 && <Alert severity="info">{t('group.usedBy', { count: usedBy })}</Alert>}
            <FormTextField
              control={form.control}
              name="addons_name"
              label={t('addon.addonsName')}
              fullWidth
              autoFocus
            />
            <FormMoneyField
              control={form.control}
              name="price"
              label={t('addon.price')}
              fullWidth
            />
            <FormSelectField
              control={form.control}
              name="status"
              label={t('addon.status')}
              fullWidth
              options={[
                { value: 'active', label: t('addon.active') },
                { value: 'disabled', label: t('addon.disabled') },
              ]}
            />
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="addon-form"
          variant="contained"
          loading={busy}
          data-testid="addon-save"
        >
          {ts('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
