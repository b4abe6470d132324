import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  businessSettingKeys,
  businessSettingsInputSchema,
  type BusinessSettings,
  type BusinessSettingsInput,
} from '@kopi/contract';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { ChargeRateFields } from '../../../components/charge-rate-fields';
import { halfCell } from '../../../components/form-binding';
import { FieldTable, type TableField } from '../../../components/field-table';
import { FormSwitchField } from '../../../components/form-fields';
import { FormCutoffHourField } from '../../../components/form-cutoff-hour-field';
import { FormSectionTitle } from '../../../components/form-section-title';
import {
  SettingsFormCard,
  useSettingsForm,
  type SettingsCardProps,
} from '../../../components/settings-form-card';
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

const counterFields: TableField<Key>[] = [
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
const registrationFields: TableField<Key>[] = [
  { kind: 'code', name: 'sst_registration_no', label: 'form.sst' },
  { kind: 'code', name: 'brn', label: 'form.brn' },
  { kind: 'code', name: 'tin', label: 'form.tin' },
];
const receiptFields: TableField<Key>[] = [
  { kind: 'lines', name: 'receipt_header', label: 'form.header', hint: 'form.headerHint' },
  { kind: 'lines', name: 'receipt_header_my', label: 'form.headerMy', hint: 'form.headerMyHint' },
  { kind: 'lines', name: 'receipt_footer', label: 'form.footer', hint: 'form.footerHint' },
  { kind: 'lines', name: 'receipt_footer_my', label: 'form.footerMy', hint: 'form.footerMyHint' },
];

export function BusinessSettingsForm({
  settings,
  mayUpdate,
  onSave,
}: SettingsCardProps<BusinessSettings, BusinessSettingsInput>) {
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
      name="business-settings"
      title={t('form.title')}
      subtitle={t('page.newOrdersOnly')}
      settingsForm={settingsForm}
      mayUpdate={mayUpdate}
      saveLabel={t('form.save')}
    >
      <FormSectionTitle title={t('form.rates')} major />
      <ChargeRateFields t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.counter')} major />
      <Grid size={12}>
        <FormSwitchField name="shifts_required" label={t('form.shiftsRequired')} />
        <FormSwitchField name="shift_blind_count" label={t('form.blindCount')} />
      </Grid>
      <FieldTable rows={counterFields} t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.registration')} major />
      <FieldTable rows={registrationFields} t={t} disabled={disabled} />

      <FormSectionTitle title={t('form.receipt')} major />
      <FieldTable rows={receiptFields} t={t} disabled={disabled} />

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
