import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { bannerTargetTypes, type bannerInputSchema, type BannerTargetType } from '@kopi/contract';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import {
  CellController,
  halfCell,
  inputBinding,
  type FieldCell,
} from '../../../components/form-binding';
import { FormField, FormSelectField } from '../../../components/form-fields';
import { useLocalizedName } from '../../../lib/localized-name';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { useCategoryChoices, useOutletChoices, useProductSearch, useVoucherChoices } from '../api';
import { useBannerStrings } from '../i18n';

type FormValues = z.input<typeof bannerInputSchema>;
type Choice = { id: string; label: string };

/**
 * Where a tap on the banner leads: nothing, one of the tenant's products, categories, outlets or
 * vouchers (picked from their lists), or an https link. Changing the kind clears the previous
 * choice.
 */
export function TargetFields({
  control,
  setValue,
  initialLabel,
}: {
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  initialLabel: string | null;
}) {
  const { t } = useBannerStrings();
  const type = (useWatch({ control, name: 'target_type' }) ?? 'none') as BannerTargetType;
  const nameOf = useLocalizedName();
  const categories = useCategoryChoices(type === 'category');
  const outlets = useOutletChoices();
  const vouchers = useVoucherChoices(type === 'voucher');
  const choiceCell: FieldCell = { xs: 12, sm: 6 };
  // The targets chosen from a list: a category, an outlet or a voucher.
  const lists = {
    category: (categories.data ?? []).map((c) => ({
      value: c.id,
      label: nameOf(c.name_en, c.name_my),
    })),
    outlet: (outlets.data ?? []).map((o) => ({ value: o.id, label: o.name })),
    voucher: (vouchers.data ?? []).map((v) => ({
      value: v.id,
      label: nameOf(v.name_en, v.name_my),
    })),
  };
  const picked =
    type === 'category' || type === 'outlet' || type === 'voucher'
      ? { type, options: lists[type] }
      : null;

  return (
    <>
      <FormSelectField
        cell={halfCell}
        name="target_type"
        label={t('form.target')}
        testId="banner-target-type"
        options={bannerTargetTypes.map((value) => ({ value, label: t(`target.${value}`) }))}
        onValueChange={() => {
          setValue('target_id', null);
          setValue('target_url', null);
        }}
      />
      {type === 'product' && <ProductPicker cell={choiceCell} initialLabel={initialLabel} />}
      {picked && (
        <FormSelectField
          key={picked.type}
          cell={choiceCell}
          name="target_id"
          label={t(`target.${picked.type}`)}
          testId={`banner-target-${picked.type}`}
          options={picked.options}
        />
      )}
      {type === 'url' && (
        <FormField
          cell={choiceCell}
          name="target_url"
          label={t('form.targetUrl')}
          helperText={t('form.targetUrlHint')}
          placeholder="https://"
          type="url"
          emptyAsNull
          slotProps={{ htmlInput: { 'data-testid': 'banner-target-url' } }}
        />
      )}
    </>
  );
}

/** A product found by typing part of its name or SKU (a menu can be long). */
function ProductPicker({ cell, initialLabel }: { cell: FieldCell; initialLabel: string | null }) {
  const { t } = useBannerStrings();
  const nameOf = useLocalizedName();
  const [q, setQ] = useState('');
  const search = useDebouncedText(q, setQ, { normalize: (text) => text.trim() });
  const products = useProductSearch(q, true);
  const [picked, setPicked] = useState<Choice | null>(null);
  const options: Choice[] = (products.data ?? []).map((p) => ({
    id: p.id,
    label: `${nameOf(p.name, p.name_my)} · ${p.sku}`,
  }));
  return (
    <CellController<FormValues>
      name="target_id"
      cell={cell}
      render={({ field, fieldState }) => {
        const id = (field.value as string | null | undefined) ?? null;
        const value: Choice | null = id
          ? picked?.id === id
            ? picked
            : (options.find((o) => o.id === id) ?? { id, label: initialLabel ?? '' })
          : null;
        return (
          <Autocomplete
            options={options}
            value={value}
            filterOptions={(x) => x}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.label}
            loading={products.isFetching}
            noOptionsText={t('form.noProducts')}
            onChange={(_, next) => {
              setPicked(next);
              field.onChange(next?.id ?? null);
            }}
            onInputChange={(_, next, reason) => {
              if (reason === 'input') search.setText(next);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('form.searchProduct')}
                {...inputBinding(field, fieldState)}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: {
                    ...params.slotProps.htmlInput,
                    'data-testid': 'banner-target-product',
                  },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
