import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultBusinessDayCutoffHour,
  defaultTimezone,
  messageKey,
  tenantFirstAdminSchema,
  tenantInputSchema,
  type Tenant,
  type TenantCreateInput,
  type TenantInput,
} from '@kopi/contract';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { FormField } from '../../../components/form-fields';
import { ChargeRateFields } from '../../../components/charge-rate-fields';
import { FormCutoffHourField } from '../../../components/form-cutoff-hour-field';
import { FormSectionTitle } from '../../../components/form-section-title';
import { FormTimezoneField } from '../../../components/form-timezone-field';
import { useTenantStrings } from '../i18n';
import { halfCell } from '../../../components/form-binding';
import { blankFirstAdmin, FirstAdminFields } from './first-admin-fields';

// Rates are typed as percentages: their messages speak in percent (at most 100), not in bp.
const rateBp = z
  .number({ error: messageKey('invalid') })
  .int({ error: messageKey('invalid') })
  .min(0, { error: messageKey('min_value', { min: 0 }) })
  .max(10_000, { error: messageKey('max_value', { max: 100 }) });
const tenantFormSchema = tenantInputSchema.extend({
  service_tax_rate_bp: rateBp,
  service_charge_rate_bp: rateBp,
});
// A new tenant comes with its first admin; an edit leaves the field out (it is not sent).
const tenantCreateFormSchema = tenantFormSchema.extend({ first_admin: tenantFirstAdminSchema });
type FormValues = z.input<typeof tenantCreateFormSchema>;
const createResolver = zodResolver(tenantCreateFormSchema) as unknown as Resolver<FormValues>;
const editResolver = zodResolver(tenantFormSchema) as unknown as Resolver<FormValues>;

const fields = [
  'name',
  'slug',
  'plan',
  'legal_name',
  'sst_registration_no',
  'tin',
  'brn',
  'service_tax_rate_bp',
  'service_charge_rate_bp',
  'service_charge_methods',
  'service_charge_taxable',
  'cash_rounding',
  'timezone',
  'business_day_cutoff_hour',
  'first_admin.username',
  'first_admin.fullname',
  'first_admin.email',
  'first_admin.language',
  'first_admin.password_setup.password',
] as const;

// DESIGN §3 defaults: SST 6% (F&B), service charge 10% on dine in, taxed, cash rounding on.
const blank: FormValues = {
  name: '',
  slug: '',
  plan: 'basic',
  legal_name: '',
  sst_registration_no: null,
  tin: null,
  brn: null,
  service_tax_rate_bp: 600,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  service_charge_taxable: true,
  cash_rounding: true,
  timezone: defaultTimezone,
  business_day_cutoff_hour: defaultBusinessDayCutoffHour,
  first_admin: blankFirstAdmin,
};

const valuesOf = (tenant: Tenant): FormValues => ({
  name: tenant.name,
  slug: tenant.slug,
  plan: tenant.plan,
  legal_name: tenant.legal_name,
  sst_registration_no: tenant.sst_registration_no ?? null,
  tin: tenant.tin ?? null,
  brn: tenant.brn ?? null,
  service_tax_rate_bp: tenant.service_tax_rate_bp,
  service_charge_rate_bp: tenant.service_charge_rate_bp,
  service_charge_methods: tenant.service_charge_methods,
  service_charge_taxable: tenant.service_charge_taxable,
  cash_rounding: tenant.cash_rounding,
  timezone: tenant.timezone,
  business_day_cutoff_hour: tenant.business_day_cutoff_hour,
  first_admin: blankFirstAdmin,
});

/** "Kopi Tiam Sdn Bhd" → "kopi-tiam-sdn-bhd" */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * Create or edit a tenant in a side drawer. `onSubmit` gets the create body (with `first_admin`)
 * for a new tenant, the update body for one edited.
 */
export function TenantDrawer({
  open,
  tenant,
  onClose,
  onSubmit,
}: DrawerFormProps<TenantInput | TenantCreateInput> & {
  tenant: Tenant | null;
}) {
  const { t } = useTenantStrings();
  const { form, frame } = useEntityForm({
    open,
    record: tenant,
    blank,
    valuesOf,
    resolver: tenant ? editResolver : createResolver,
    fields,
    onSubmit: (values) => onSubmit(values as unknown as TenantInput | TenantCreateInput),
    onClose,
  });

  return (
    <EntityDrawer
      name="tenant"
      title={tenant ? t('form.editTitle') : t('form.createTitle')}
      width={560}
      {...frame}
    >
      <FormSectionTitle title={t('form.business')} major />
      <FormField
        cell={12}
        name="name"
        label={t('form.name')}
        onTextChange={(name) => {
          // A new tenant's slug follows its name until typed by hand.
          if (!tenant && !form.getFieldState('slug').isDirty) form.setValue('slug', slugify(name));
        }}
        autoFocus
      />
      <FormField
        cell={{ xs: 12, sm: 7 }}
        name="slug"
        label={t('form.slug')}
        helperText={t('form.slugHint')}
      />
      <FormField cell={{ xs: 12, sm: 5 }} name="plan" label={t('form.plan')} />

      <FormSectionTitle title={t('form.legal')} major />
      <FormField cell={12} name="legal_name" label={t('form.legalName')} />
      <FormField cell={halfCell} name="sst_registration_no" label={t('form.sst')} emptyAsNull />
      <FormField cell={halfCell} name="tin" label={t('form.tin')} emptyAsNull />
      <FormField cell={12} name="brn" label={t('form.brn')} emptyAsNull />

      <FormSectionTitle title={t('form.rates')} major />
      <ChargeRateFields t={t} />

      <FormSectionTitle title={t('form.business_day')} major />
      <FormTimezoneField cell={{ xs: 12, sm: 7 }} name="timezone" label={t('form.timezone')} />
      <FormCutoffHourField
        control={form.control}
        name="business_day_cutoff_hour"
        cell={{ xs: 12, sm: 5 }}
        label={t('form.cutoff')}
      />
      <Grid size={12} sx={{ mt: -1.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('form.cutoffHint')}
        </Typography>
      </Grid>

      {!tenant && (
        <>
          <FormSectionTitle title={t('firstAdmin.title')} major />
          <FirstAdminFields control={form.control} />
        </>
      )}
    </EntityDrawer>
  );
}
