import { voucherTypes, type VoucherType } from '@kopi/contract';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { halfCell } from '../../../components/form-binding';
import { FormMoneyField, FormSelectField } from '../../../components/form-fields';
import { FormPercentField } from '../../../components/form-percent-field';
import { useLocalizedName } from '../../../lib/localized-name';
import { useCategoryChoices } from '../api';
import { useVoucherStrings } from '../i18n';
import type { VoucherFormValues } from '../voucher-input';
import { ProductPicker } from './product-pickers';

/**
 * What a voucher takes off: a percentage (typed as a percent, kept in basis points) with an
 * optional cap, a fixed amount (typed in RM, kept in sen), or one free item (a product, or the
 * cheapest item of a category); and the minimum spend. Changing the type clears what belongs to
 * the other types, so a switched form never sends a stale cap or free item.
 */
export function DiscountFields({
  control,
  setValue,
}: {
  control: Control<VoucherFormValues>;
  setValue: UseFormSetValue<VoucherFormValues>;
}) {
  const { t } = useVoucherStrings();
  const nameOf = useLocalizedName();
  const type = (useWatch({ control, name: 'type' }) ?? 'percent') as VoucherType;
  const freeKind = useWatch({ control, name: 'free_item_kind' });
  const categories = useCategoryChoices();
  const onType = (next: string | null) => {
    setValue('value', next === 'free_item' ? 0 : Number.NaN);
    setValue('max_discount', null);
    setValue('free_item_kind', next === 'free_item' ? 'product' : null);
    setValue('free_item_id', null);
  };

  return (
    <>
      <FormSelectField
        cell={halfCell}
        name="type"
        label={t('form.type')}
        testId="voucher-type"
        options={voucherTypes.map((value) => ({ value, label: t(`type.${value}`) }))}
        onValueChange={onType}
      />
      {type === 'percent' && (
        <>
          <FormPercentField
            cell={halfCell}
            name="value"
            label={t('form.percent')}
            helperText={t('form.percentHint')}
          />
          <FormMoneyField
            cell={halfCell}
            name="max_discount"
            label={t('form.maxDiscount')}
            helperText={t('form.maxDiscountHint')}
            slotProps={{ htmlInput: { 'data-testid': 'voucher-max-discount' } }}
          />
        </>
      )}
      {type === 'fixed' && (
        <FormMoneyField
          cell={halfCell}
          name="value"
          label={t('form.amount')}
          slotProps={{ htmlInput: { 'data-testid': 'voucher-amount' } }}
        />
      )}
      {type === 'free_item' && (
        <>
          <FormSelectField
            cell={halfCell}
            name="free_item_kind"
            label={t('form.freeItemKind')}
            testId="voucher-free-kind"
            options={[
              { value: 'product', label: t('form.freeProduct') },
              { value: 'category', label: t('form.freeCategory') },
            ]}
            onValueChange={() => setValue('free_item_id', null)}
          />
          {freeKind === 'category' ? (
            <FormSelectField
              cell={halfCell}
              name="free_item_id"
              label={t('form.category')}
              testId="voucher-free-category"
              options={(categories.data ?? []).map((c) => ({
                value: c.id,
                label: nameOf(c.name_en, c.name_my),
              }))}
            />
          ) : (
            <ProductPicker cell={halfCell} testId="voucher-free-product" />
          )}
        </>
      )}
      <FormMoneyField
        cell={halfCell}
        name="min_spend"
        label={t('form.minSpend')}
        helperText={t('form.minSpendHint')}
        slotProps={{ htmlInput: { 'data-testid': 'voucher-min-spend' } }}
      />
    </>
  );
}
