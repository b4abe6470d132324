import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { voucherInputSchema, type Voucher, type VoucherParsed } from '@kopi/contract';
import { useWatch } from 'react-hook-form';
import {
  NamedEntityDrawer,
  nameFieldsOf,
} from '../../../components/entity-drawer/named-entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { halfCell } from '../../../components/form-binding';
import {
  FormField,
  FormNumberField,
  FormSelectField,
  FormSwitchField,
} from '../../../components/form-fields';
import { useVoucherStrings } from '../i18n';
import { blankVoucher, voucherValuesOf, type VoucherFormValues } from '../voucher-input';
import { DiscountFields } from './discount-fields';
import { RestrictionFields } from './restriction-fields';
import { WhenFields } from './when-fields';
import { FormSectionTitle } from '../../../components/form-section-title';

const fields = Object.keys(blankVoucher()) as (keyof VoucherFormValues)[];

/** Refusals (409) about one field, shown on it as well as in the toast. */
const refusedFields: Record<string, keyof VoucherFormValues> = {
  voucher_code_taken: 'code',
  voucher_limit_below_used: 'total_limit',
  voucher_code_kind_fixed: 'code_kind',
};

/**
 * Create or edit a voucher in a side drawer: names and code, the discount, when it applies, its
 * limits, where and for what, whether a signed-up customer is needed, and its status. The
 * contract's schema checks it before it is sent, and says why in the field it concerns.
 */
export function VoucherDrawer({
  voucher,
  timeZone,
  ...drawer
}: DrawerFormProps<VoucherParsed> & {
  voucher: Voucher | null;
  timeZone: string;
}) {
  const { t } = useVoucherStrings();
  const { form, frame } = useEntityForm<Voucher, VoucherFormValues, VoucherParsed>({
    ...drawer,
    record: voucher,
    blank: blankVoucher(),
    valuesOf: voucherValuesOf,
    resolver: zodResolver(voucherInputSchema),
    fields,
    refusedFields,
  });
  const codeKind = useWatch({ control: form.control, name: 'code_kind' });

  return (
    <NamedEntityDrawer
      name="voucher"
      title={voucher ? t('form.editTitle') : t('form.createTitle')}
      width={640}
      {...frame}
      names={nameFieldsOf(t)}
      status={{ label: t('form.status'), active: t('form.active'), inactive: t('form.inactive') }}
    >
      <FormSelectField
        cell={halfCell}
        name="code_kind"
        label={t('form.codeKind')}
        testId="voucher-code-kind"
        disabled={Boolean(voucher)}
        helperText={voucher ? t('form.codeKindFixed') : undefined}
        options={[
          { value: 'shared', label: t('codeKind.shared') },
          { value: 'unique', label: t('codeKind.unique') },
        ]}
        onValueChange={(next) => {
          form.setValue('code', null);
          if (next === 'unique') form.setValue('per_customer_limit', null);
        }}
      />
      {codeKind === 'shared' ? (
        <FormField
          cell={halfCell}
          name="code"
          label={t('form.code')}
          helperText={t('form.codeHint')}
          normalize={(typed) => typed.toUpperCase()}
          emptyAsNull
          slotProps={{ htmlInput: { 'data-testid': 'voucher-code', autoCapitalize: 'characters' } }}
        />
      ) : (
        <Grid size={halfCell} sx={{ alignSelf: 'center' }}>
          <FormHelperText>{t('form.uniqueHint')}</FormHelperText>
        </Grid>
      )}
      <DiscountFields control={form.control} setValue={form.setValue} />
      <WhenFields timeZone={timeZone} />
      <FormSectionTitle title={t('form.limits')} />
      <FormNumberField
        cell={halfCell}
        name="total_limit"
        label={t('form.totalLimit')}
        helperText={t('form.limitHint')}
        step={1}
      />
      {codeKind === 'shared' && (
        <FormNumberField
          cell={halfCell}
          name="per_customer_limit"
          label={t('form.perCustomer')}
          helperText={t('form.limitHint')}
          step={1}
        />
      )}
      <RestrictionFields />
      <FormSwitchField
        cell={12}
        name="requires_customer"
        label={t('form.requiresCustomer')}
        testId="voucher-requires-customer"
      />
    </NamedEntityDrawer>
  );
}
