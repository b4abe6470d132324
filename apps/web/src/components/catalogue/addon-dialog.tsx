import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { addonInputSchema, type AddonInput } from '@kopi/contract';
import type { z } from 'zod';
import { FormDialog } from '../entity-drawer/form-dialog';
import { useEntityForm } from '../entity-drawer/use-entity-form';
import { FormTextField } from '../form-text-field';
import { FormMoneyField, FormSelectField, statusOptions } from '../form-fields';
import type { CatalogueDialogProps } from './catalogue-dialog-props';
import { useCatalogueDialogStrings } from './i18n';

type FormValues = z.input<typeof addonInputSchema>;
const blank: FormValues = { addons_name: '', addons_name_my: '', price: 0, status: 'active' };
const fields = ['addons_name', 'addons_name_my', 'price', 'status'] as const;

/** Create or edit an add-on (e.g. Extra shot, RM 2.00). */
export function AddonDialog({
  open,
  initial,
  usedBy = 0,
  onSubmit,
  onClose,
}: CatalogueDialogProps<AddonInput, AddonInput>) {
  const { t } = useCatalogueDialogStrings();
  const { frame } = useEntityForm({
    open,
    record: initial ?? null,
    blank,
    // No Malay name is an empty field (saved as none).
    valuesOf: (addon: AddonInput): FormValues => ({
      ...addon,
      addons_name_my: addon.addons_name_my ?? '',
    }),
    resolver: zodResolver(addonInputSchema),
    fields,
    onSubmit,
    onClose,
  });
  const title = initial ? t('addon.editTitle') : t('addon.createTitle');
  return (
    <FormDialog name="addon" title={title} maxWidth="xs" {...frame}>
      <Stack spacing={2.5}>
        {usedBy > 0 && <Alert severity="info">{t('group.usedBy', { count: usedBy })}</Alert>}
        <FormTextField name="addons_name" label={t('addon.addonsName')} fullWidth autoFocus />
        <FormTextField
          name="addons_name_my"
          label={t('addon.addonsNameMy')}
          helperText={t('addon.nameMyHint')}
          fullWidth
        />
        <FormMoneyField name="price" label={t('addon.price')} fullWidth />
        <FormSelectField
          name="status"
          label={t('addon.status')}
          fullWidth
          options={statusOptions(t('addon.active'), t('addon.disabled'))}
        />
      </Stack>
    </FormDialog>
  );
}
