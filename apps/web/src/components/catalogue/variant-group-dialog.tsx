import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { variantGroupInputSchema, type VariantGroupInput } from '@kopi/contract';
import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { translateValidation } from '../../lib/i18n/i18n';
import { FormDialog } from '../entity-drawer/form-dialog';
import { useEntityForm } from '../entity-drawer/use-entity-form';
import { FormTextField } from '../form-text-field';
import { FormMoneyField, FormNumberField, FormSwitchField } from '../form-fields';
import type { CatalogueDialogProps } from './catalogue-dialog-props';
import { useCatalogueDialogStrings } from './i18n';

type FormValues = z.input<typeof variantGroupInputSchema>;

export interface VariantGroupDraft {
  variant_name: string;
  variant_name_my?: string | null;
  required: boolean;
  min_select: number;
  max_select: number;
  options: {
    id?: string;
    options_name: string;
    options_name_my?: string | null;
    price: number;
    is_default?: boolean;
  }[];
}

const blank: FormValues = {
  variant_name: '',
  variant_name_my: '',
  required: false,
  min_select: 0,
  max_select: 1,
  options: [{ options_name: '', options_name_my: '', price: 0 }],
};

const fields = [
  'variant_name',
  'variant_name_my',
  'required',
  'min_select',
  'max_select',
  'options',
] as const;

/** Create or edit a variant group (e.g. Size: Regular +RM 0.00, Large +RM 2.00). */
export function VariantGroupDialog({
  open,
  initial,
  usedBy = 0,
  onSubmit,
  onClose,
}: CatalogueDialogProps<VariantGroupDraft, VariantGroupInput>) {
  const { t } = useCatalogueDialogStrings();
  const { form, frame } = useEntityForm({
    open,
    record: initial ?? null,
    blank,
    // Copies of the options: the field array edits its own.
    // No Malay name is an empty field (saved as none).
    valuesOf: (group: VariantGroupDraft): FormValues => ({
      ...group,
      variant_name_my: group.variant_name_my ?? '',
      options: group.options.map((o) => ({ ...o, options_name_my: o.options_name_my ?? '' })),
    }),
    resolver: zodResolver(variantGroupInputSchema),
    fields,
    onSubmit,
    onClose,
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const optionsError = form.formState.errors.options;
  const optionsMessage = optionsError?.root?.message ?? optionsError?.message;
  const defaults = form.watch('options').map((o) => Boolean(o.is_default));
  // One default per group: ticking one unticks the others.
  const setDefault = (index: number, on: boolean) =>
    defaults.forEach((_, i) =>
      form.setValue(`options.${i}.is_default`, on && i === index, { shouldDirty: true }),
    );

  return (
    <FormDialog
      name="variant-group"
      title={initial ? t('group.editTitle') : t('group.createTitle')}
      maxWidth="sm"
      {...frame}
    >
      <Stack spacing={2.5}>
        {usedBy > 0 && <Alert severity="info">{t('group.usedBy', { count: usedBy })}</Alert>}
        <FormTextField
          name="variant_name"
          label={t('group.variantName')}
          helperText={t('group.variantNameHint')}
          fullWidth
          autoFocus
        />
        <FormTextField
          name="variant_name_my"
          label={t('group.variantNameMy')}
          helperText={t('group.nameMyHint')}
          fullWidth
        />
        <FormSwitchField name="required" label={t('group.required')} />
        <Grid container spacing={2}>
          <FormNumberField cell={6} name="min_select" label={t('group.minSelect')} step={1} />
          <FormNumberField cell={6} name="max_select" label={t('group.maxSelect')} step={1} />
        </Grid>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
            {t('group.options')}
          </Typography>
          <Stack spacing={2}>
            {options.fields.map((field, index) => (
              <Stack
                key={field.id}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'flex-start' }}
                role="group"
                aria-label={t('group.option', { n: index + 1 })}
              >
                <FormTextField
                  name={`options.${index}.options_name`}
                  label={t('group.optionsName')}
                  sx={{ flex: 2 }}
                />
                <FormTextField
                  name={`options.${index}.options_name_my`}
                  label={t('group.optionsNameMy')}
                  sx={{ flex: 2 }}
                />
                <FormMoneyField
                  name={`options.${index}.price`}
                  label={t('group.price')}
                  sx={{ flex: 1.2 }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={defaults[index] ?? false}
                      onChange={(e) => setDefault(index, e.target.checked)}
                      slotProps={{
                        input: { 'data-testid': `variant-group-default-${index}` } as object,
                      }}
                    />
                  }
                  label={t('group.default')}
                  sx={{ mt: 1, mr: 0 }}
                />
                <IconButton
                  aria-label={t('group.removeOption', { n: index + 1 })}
                  onClick={() => options.remove(index)}
                  disabled={options.fields.length === 1}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          {optionsMessage && (
            <FormHelperText error>{translateValidation(optionsMessage)}</FormHelperText>
          )}
          <FormHelperText>{t('group.priceHint')}</FormHelperText>
          <Button
            startIcon={<Add />}
            onClick={() => options.append({ options_name: '', options_name_my: '', price: 0 })}
            sx={{ mt: 1 }}
            data-testid="variant-group-add-option"
          >
            {t('group.addOption')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
