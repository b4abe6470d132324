import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessSettingKeys,
  businessSettingsInputSchema,
  type BusinessSettings,
  type BusinessSettingsInput,
} from '@kopi/contract';
import { useMemo } from 'react';
import type { FieldPath, Resolver } from 'react-hook-form';
import { ChargeRateFields } from '../../../components/charge-rate-fields';
import { halfCell } from '../../../components/form-binding';
import { FormField, FormMoneyField, FormSwitchField } from '../../../components/form-fields';
import { FormCutoffHourField } from '../../../components/form-cutoff-hour-field';
import { FormPercentField } from '../../../components/form-percent-field';
import { FormSectionTitle } from '../../../components/form-section-title';
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

type Key = Parameters<ReturnType<typeof useBusinessSettingsStrings>['t']>[0];

/**
 * A field of the table the form's plain fields are drawn from: a percentage or an amount (half
 * the width), a number or code (half, empty is none) or lines of text (the whole width).
 */
interface SettingField {
  kind: 'percent' | 'money' | 'code' | 'lines';
  name: FieldPath<BusinessSettingsInput>;
  label: Key;
  hint?: Key;
}

const counterFields: SettingField[] = [
  {
    kind: 'money',
    name: 'shift_variance_tolerance',
    label: 'form.varianceTolerance',
    hint: 'form.varianceToleranceHint',
  },
  {
    kind: 'money',
    name: 'cash_out_approval_over',
    label: 'form.cashOutLimit',
    hint: 'form.cashOutLimitHint',
  },
  {
    kind: 'percent',
    name: 'manual_discount_max_bp',
    label: 'form.discountMax',
    hint: 'form.discountMaxHint',
  },
];
const registrationFields: SettingField[] = [
  { kind: 'code', name: 'sst_registration_no', label: 'form.sst' },
  { kind: 'code', name: 'brn', label: 'form.brn' },
  { kind: 'code', name: 'tin', label: 'form.tin' },
];
const receiptFields: SettingField[] = [
  { kind: 'lines', name: 'receipt_header', label: 'form.header', hint: 'form.headerHint' },
  { kind: 'lines', name: 'receipt_header_my', label: 'form.headerMy', hint: 'form.headerMyHint' },
  { kind: 'lines', name: 'receipt_footer', label: 'form.footer', hint: 'form.footerHint' },
  { kind: 'lines', name: 'receipt_footer_my', label: 'form.footerMy', hint: 'form.footerMyHint' },
];

function SettingFields({
  rows,
  t,
  disabled,
}: {
  rows: SettingField[];
  t: (key: Key) => string;
  disabled: boolean;
}) {
  return rows.map(({ kind, name, label, hint }) => {
    const field = { name, label: t(label), helperText: hint && t(hint), disabled };
    switch (kind) {
      case 'percent':
        return <FormPercentField key={name} cell={halfCell} {...field} />;
      case 'money':
        return <FormMoneyField key={name} cell={halfCell} {...field} />;
      case 'code':
        return <FormField key={name} cell={halfCell} {...field} emptyAsNull />;
      case 'lines':
        return <FormField key={name} cell={12} {...field} emptyAsNull multiline minRows={2} />;
    }
  });
}

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
      <FormSectionTitle title={t('form.rates')} major />
      <ChargeRateFields t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.counter')} major />
      <Grid size={12}>
        <FormSwitchField name="shifts_required" label={t('form.shiftsRequired')} />
        <FormSwitchField name="shift_blind_count" label={t('form.blindCount')} />
      </Grid>
      <SettingFields rows={counterFields} t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.registration')} major />
      <SettingFields rows={registrationFields} t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.receipt')} major />
      <SettingFields rows={receiptFields} t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.businessDay')} major />
      <FormCutoffHourField
        control={settingsForm.form.control}
        name="business_day_cutoff_hour"
        cell={halfCell}
        label={t('form.cutoff')}
        helperText={t('form.cutoffHint')}
        disabled={disabled}
        testId="cutoff-hour"
      />
    </SettingsFormCard>
  );
}
