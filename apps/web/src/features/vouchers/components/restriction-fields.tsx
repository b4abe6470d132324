import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { servingMethods, voucherSources } from '@kopi/contract';
import { CellController, inputBinding } from '../../../components/form-binding';
import { FormCheckboxGroupField, FormOutletsField } from '../../../components/form-fields';
import { useLocalizedName } from '../../../lib/localized-name';
import { useCategoryChoices, useOutletChoices } from '../api';
import { useVoucherStrings } from '../i18n';
import type { VoucherFormValues } from '../voucher-input';
import { ProductsPicker } from './product-pickers';
import { FormSectionTitle } from '../../../components/form-section-title';

/**
 * Where and for what a voucher applies: outlets, order sources (counter, app), serving methods,
 * and the products or categories whose items it discounts. An empty list restricts nothing.
 */
export function RestrictionFields() {
  const { t } = useVoucherStrings();
  const outlets = useOutletChoices();
  return (
    <>
      <FormSectionTitle title={t('form.restrictions')} hint={t('form.restrictionsHint')} />
      <FormOutletsField
        cell={12}
        name="outlet_ids"
        label={t('form.outlets')}
        outlets={outlets.data}
      />
      <FormCheckboxGroupField
        cell={12}
        name="sources"
        label={t('form.sources')}
        options={voucherSources}
        optionLabel={(s) => t(`source.${s}`)}
      />
      <FormCheckboxGroupField
        cell={12}
        name="serving_methods"
        label={t('form.serving')}
        options={servingMethods}
        optionLabel={(m) => t(`serving.${m}`)}
      />
      <ProductsPicker cell={12} testId="voucher-products" />
      <CategoriesPicker />
    </>
  );
}

/** Categories the voucher is restricted to, from the tenant's (short) list. */
function CategoriesPicker() {
  const { t } = useVoucherStrings();
  const nameOf = useLocalizedName();
  const categories = useCategoryChoices();
  const labelOf = (id: string) => {
    const c = categories.data?.find((x) => x.id === id);
    return c ? nameOf(c.name_en, c.name_my) : '…';
  };
  return (
    <CellController<VoucherFormValues>
      name="category_ids"
      cell={12}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={(categories.data ?? []).map((c) => c.id)}
          value={(field.value as string[] | undefined) ?? []}
          getOptionLabel={labelOf}
          onChange={(_, next) => field.onChange(next)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('form.categories')}
              {...inputBinding(field, fieldState)}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'voucher-categories' },
              }}
            />
          )}
        />
      )}
    />
  );
}
