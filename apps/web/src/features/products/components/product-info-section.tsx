import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { FormField, FormSelectField, statusOptions } from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useCategoryChoices } from '../api';
import { useProductStrings } from '../i18n';
import { SectionCard } from '../../../components/section-card';
import type { ProductFormValues } from './product-form-values';

/** An array field's error is its own or its first item's (e.g. a tag that is too long). */
const firstMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Array.isArray(error) ? error.map(firstMessage).find(Boolean) : undefined;
};

/** Tags typed freely: trimmed, lower-case, each once. */
function TagsField({ control }: { control: Control<ProductFormValues> }) {
  const { t } = useProductStrings();
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          options={[] as string[]}
          value={field.value ?? []}
          onChange={(_, next) =>
            field.onChange([
              ...new Set(next.map((tag) => tag.trim().toLowerCase()).filter(Boolean)),
            ])
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('form.tags')}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={translateValidation(firstMessage(fieldState.error)) ?? t('form.tagsHint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'product-tags' },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** The product's name, category, SKU, barcode, description, tags and status. */
export function ProductInfoSection({
  control,
  autoFocus,
}: {
  control: Control<ProductFormValues>;
  autoFocus: boolean;
}) {
  const { t, language } = useProductStrings();
  const categories = useCategoryChoices();
  const categoryOptions = useMemo(
    () =>
      (categories.data ?? []).map((c) => ({
        value: c.id,
        label: (
          <>
            {language === 'my' ? c.name_my : c.name_en}
            {c.status === 'disabled' && (
              <Chip size="small" label={t('status.disabled')} sx={{ ml: 1 }} />
            )}
          </>
        ),
      })),
    [categories.data, language, t],
  );
  return (
    <SectionCard id="product-info-title" title={t('form.info')}>
      <Grid container spacing={2.5}>
        <FormTextField
          control={control}
          cell={{ xs: 12, md: 6 }}
          name="name"
          label={t('form.name')}
          autoFocus={autoFocus}
        />
        <FormField
          control={control}
          cell={{ xs: 12, md: 6 }}
          name="name_my"
          label={t('form.nameMy')}
          helperText={t('form.nameMyHint')}
          emptyAsNull
        />
        <FormSelectField
          control={control}
          cell={{ xs: 12, md: 4 }}
          name="category"
          label={t('form.category')}
          options={categoryOptions}
          helperText={categories.data?.length === 0 ? t('form.noCategories') : undefined}
          testId="product-category"
        />
        <FormTextField
          control={control}
          cell={{ xs: 12, md: 4 }}
          name="sku"
          label={t('form.sku')}
        />
        <FormField
          control={control}
          cell={{ xs: 12, md: 4 }}
          name="barcode"
          label={t('form.barcode')}
          emptyAsNull
        />
        <FormField
          control={control}
          cell={12}
          name="description"
          label={t('form.description')}
          emptyAsNull
          multiline
          minRows={3}
        />
        <Grid size={{ xs: 12, md: 8 }}>
          <TagsField control={control} />
        </Grid>
        <FormSelectField
          control={control}
          cell={{ xs: 12, md: 4 }}
          name="status"
          label={t('form.status')}
          options={statusOptions(t('status.active'), t('status.disabled'))}
        />
      </Grid>
    </SectionCard>
  );
}
