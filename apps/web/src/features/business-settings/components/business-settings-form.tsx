import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessSettingKeys,
  businessSettingsInputSchema,
  servingMethods,
  type BusinessSettings,
  type BusinessSettingsInput,
} from '@kopi/contract';
import { useMemo } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { halfCell } from '../../../components/form-binding';
import {
  FormCheckboxGroupField,
  FormField,
  FormMoneyField,
  FormSwitchField,
} from '../../../components/form-fields';
import { FormPercentField } from '../../../components/form-percent-field';
import { SettingsFormCard, useSettingsForm } from '../../../components/settings-form-card';
import { useBusinessSettingsStrings } from '../i18n';

// One form for every business setting, in sections. A new tenant setting is one field in the
// section it belongs to (the contract's businessSettingsShape gives its rules).

const resolver = zodResolver(businessSettingsInputSchema) as Resolver<BusinessSettingsInput>;

/** The settings the form edits, without what the server adds (name, logo, updated_at). */
export const formValuesOf = (settings: BusinessSettings): BusinessSettingsInput =>
  Object.fromEntries(
    businessSettingKeys.map((key) => [key, settings[key]]),
  ) as BusinessSettingsInput;

function Section({ title }: { title: string }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
    </Grid>
  );
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function BusinessSettingsForm({
  settings,
  mayUpdate,
  onSave,
}: {
  settings: BusinessSettings;
  mayUpdate: boolean;
  onSave: (values: BusinessSettingsInput) => Promise<unknown>;
}) {
  const { t } = useBusinessSettingsStrings();
  const values = useMemo(() => formValuesOf(settings), [settings]);
  const settingsForm = useSettingsForm({
    settings: values,
    resolver,
    onSave,
    savedMessage: t('form.saved'),
  });
  const disabled = !mayUpdate;

  return (
    <SettingsFormCard
      id="business-settings-title"
      title={t('form.title')}
      subtitle={t('page.newOrdersOnly')}
      settingsForm={settingsForm}
      mayUpdate={mayUpdate}
      saveLabel={t('form.save')}
      saveTestId="business-settings-save"
    >
      <Section title={t('form.rates')} />
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
        {/* Without update-tenant-setting there is no Save: a flipped switch goes nowhere. */}
        <FormSwitchField name="service_charge_taxable" label={t('form.chargeTaxable')} />
        <FormSwitchField name="cash_rounding" label={t('form.cashRounding')} />
      </Grid>

      <Section title={t('form.counter')} />
      <Grid size={12}>
        <FormSwitchField name="shifts_required" label={t('form.shiftsRequired')} />
        <FormSwitchField name="shift_blind_count" label={t('form.blindCount')} />
      </Grid>
      <FormMoneyField
        cell={halfCell}
        name="shift_variance_tolerance"
        label={t('form.varianceTolerance')}
        helperText={t('form.varianceToleranceHint')}
        disabled={disabled}
      />
      <FormMoneyField
        cell={halfCell}
        name="cash_out_approval_over"
        label={t('form.cashOutLimit')}
        helperText={t('form.cashOutLimitHint')}
        disabled={disabled}
      />
      <FormPercentField
        cell={halfCell}
        name="manual_discount_max_bp"
        label={t('form.discountMax')}
        helperText={t('form.discountMaxHint')}
        disabled={disabled}
      />

      <Section title={t('form.registration')} />
      <FormField
        cell={halfCell}
        name="sst_registration_no"
        label={t('form.sst')}
        emptyAsNull
        disabled={disabled}
      />
      <FormField cell={halfCell} name="brn" label={t('form.brn')} emptyAsNull disabled={disabled} />
      <FormField cell={halfCell} name="tin" label={t('form.tin')} emptyAsNull disabled={disabled} />

      <Section title={t('form.receipt')} />
      <FormField
        cell={12}
        name="receipt_header"
        label={t('form.header')}
        helperText={t('form.headerHint')}
        emptyAsNull
        multiline
        minRows={2}
        disabled={disabled}
      />
      <FormField
        cell={12}
        name="receipt_footer"
        label={t('form.footer')}
        helperText={t('form.footerHint')}
        emptyAsNull
        multiline
        minRows={2}
        disabled={disabled}
      />

      <Section title={t('form.businessDay')} />
      <Grid size={halfCell}>
        <Controller
          control={settingsForm.form.control}
          name="business_day_cutoff_hour"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('form.cutoff')}
              value={String(field.value)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={t('form.cutoffHint')}
              disabled={disabled}
              fullWidth
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'cutoff-hour' } }}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </TextField>
          )}
        />
      </Grid>
    </SettingsFormCard>
  );
}
