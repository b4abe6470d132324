import { FormSelectField, type SelectOption } from './form-fields';

/**
 * The voucher of unique codes a points reward or a campaign gives, as a form's `voucher_id`
 * select across the grid: its hint says so when the vouchers have loaded and there is none.
 */
export function FormUniqueVoucherField({
  options,
  loaded,
  t,
  testId,
}: {
  options: readonly SelectOption[];
  loaded: boolean;
  t: (key: 'form.voucher' | 'form.noVouchers' | 'form.voucherHint') => string;
  testId: string;
}) {
  return (
    <FormSelectField
      cell={12}
      name="voucher_id"
      label={t('form.voucher')}
      testId={testId}
      helperText={loaded && options.length === 0 ? t('form.noVouchers') : t('form.voucherHint')}
      options={options}
    />
  );
}
