import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { variantGroupInputSchema, type VariantGroupInput } from '@kopi/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors';
import { translateValidation } from '../../lib/i18n/i18n';
import { FormTextField } from '../form-text-field';
import { FormMoneyField, FormNumberField, FormSwitchField } from '../form-fields';
import { useCatalogueDialogStrings } from './i18n';

type FormValues = z.input<typeof variantGroupInputSchema>;

export interface VariantGroupDraft {
  variant_name: string;
  required: boolean;
  min_select: number;
  max_select: number;
  options: { id?: string; options_name: string; price: number }[];
}

const blank: FormValues = {
  variant_name: '',
  required: false,
  min_select: 0,
  max_select: 1,
  options: [{ options_name: '', price: 0 }],
};

const fields = ['variant_name', 'required', 'min_select', 'max_select', 'options'] as const;

/** Create or edit a variant group (e.g. Size: Regular +RM 0.00, Large +RM 2.00). */
export function VariantGroupDialog({
  open,
  initial,
  usedBy = 0,
  onSubmit,
  onClose,
}: {
  open: boolean;
  initial?: VariantGroupDraft | null;
  /** How many products use the group: editing it changes all of them. */
  usedBy?: number;
  onSubmit: (values: VariantGroupInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t, ts } = useCatalogueDialogStrings();
  const form = useForm<FormValues, unknown, VariantGroupInput>({
    resolver: zodResolver(variantGroupInputSchema),
    defaultValues: blank,
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  useEffect(() => {
    if (open)
      form.reset(initial ? { ...initial, options: initial.options.map((o) => ({ ...o })) } : blank);
  }, [open, initial, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
    }
  });
  const busy = form.formState.isSubmitting;
  const optionsError = form.formState.errors.options;
  const optionsMessage = optionsError?.root?.message ?? optionsError?.message;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="variant-group-dialog-title"
      data-testid="variant-group-dialog"
    >
      <DialogTitle id="variant-group-dialog-title">
        {initial ? t('group.editTitle') : t('group.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <form
          id="variant-group-form"
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
              name="variant_name"
              label={t('group.variantName')}
              helperText={t('group.variantNameHint')}
              fullWidth
              autoFocus
            />
            <FormSwitchField control={form.control} name="required" label={t('group.required')} />
            <Grid container spacing={2}>
              <Grid size={6}>
                <FormNumberField
                  control={form.control}
                  name="min_select"
                  label={t('group.minSelect')}
                  fullWidth
                  step={1}
                />
              </Grid>
              <Grid size={6}>
                <FormNumberField
                  control={form.control}
                  name="max_select"
                  label={t('group.maxSelect')}
                  fullWidth
                  step={1}
                />
              </Grid>
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
                      control={form.control}
                      name={`options.${index}.options_name`}
                      label={t('group.optionsName')}
                      sx={{ flex: 2 }}
                    />
                    <FormMoneyField
                      control={form.control}
                      name={`options.${index}.price`}
                      label={t('group.price')}
                      sx={{ flex: 1.2 }}
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
                onClick={() => options.append({ options_name: '', price: 0 })}
                sx={{ mt: 1 }}
                data-testid="variant-group-add-option"
              >
                {t('group.addOption')}
              </Button>
            </Box>
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="variant-group-form"
          variant="contained"
          loading={busy}
          data-testid="variant-group-save"
        >
          {ts('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
