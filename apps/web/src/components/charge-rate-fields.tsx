import Grid from '@mui/material/Grid';
import { servingMethods, type ServingMethod } from '@kopi/contract';
import { halfCell } from './form-binding';
import { FormCheckboxGroupField, FormSwitchField } from './form-fields';
import { FormPercentField } from './form-percent-field';

/** The words of the rate fields, under the feature's own keys. */
type ChargeRateKey =
  | `form.${'serviceTax' | 'serviceTaxHint' | 'serviceCharge' | 'serviceChargeHint'}`
  | `form.${'chargeMethods' | 'chargeTaxable' | 'cashRounding'}`
  | `serving.${ServingMethod}`;

/**
 * A business's service tax and service charge, as a form's fields: the two rates (typed in
 * percent), the serving methods charged, whether tax applies to the charge, and cash rounding.
 * The tenant's own settings and the platform's tenant drawer both edit them.
 */
export function ChargeRateFields({
  t,
  disabled,
}: {
  t: (key: ChargeRateKey) => string;
  disabled?: boolean;
}) {
  return (
    <>
      <FormPercentField
        cell={halfCell}
        name="service_tax_rate_bp"
        label={t('form.serviceTax')}
        helperText={t('form.serviceTaxHint')}
        disabled={disabled}
      />
      <FormPercentField
        cell={halfCell}
        name="service_charge_rate_bp"
        label={t('form.serviceCharge')}
        helperText={t('form.serviceChargeHint')}
        disabled={disabled}
      />
      <FormCheckboxGroupField
        cell={12}
        name="service_charge_methods"
        label={t('form.chargeMethods')}
        options={servingMethods}
        optionLabel={(method) => t(`serving.${method}`)}
      />
      <Grid size={12}>
        {/* Left enabled: a form the user may not save has no Save, so a flipped switch goes nowhere. */}
        <FormSwitchField name="service_charge_taxable" label={t('form.chargeTaxable')} />
        <FormSwitchField name="cash_rounding" label={t('form.cashRounding')} />
      </Grid>
    </>
  );
}
