import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultBusinessDayCutoffHour,
  defaultTimezone,
  messageKey,
  servingMethods,
  tenantFirstAdminSchema,
  tenantInputSchema,
  type Tenant,
  type TenantCreateInput,
  type TenantInput,
} from '@kopi/contract';
import { Controller, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import {
  FormCheckboxGroupField,
  FormField,
  FormSwitchField,
} from '../../../components/form-fields';
import { FormTimezoneField } from '../../../components/form-timezone-field';
import { useTenantStrings } from '../i18n';
import { FormPercentField } from '../../../components/form-percent-field';
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

function Section({ title }: { title: string }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
    </Grid>
  );
}

export function TenantDrawer({
  open,
  tenant,
  onClose,
  onSubmit,
}: {
  open: boolean;
  tenant: Tenant | null;
  onClose: () => void;
  /** The create body (with `first_admin`) for a new tenant, the update body for one edited. */
  onSubmit: (values: TenantInput | TenantCreateInput) => Promise<void>;
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
      <Section title={t('form.business')} />
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

      <Section title={t('form.legal')} />
      <FormField cell={12} name="legal_name" label={t('form.legalName')} />
      <FormField cell={halfCell} name="sst_registration_no" label={t('form.sst')} emptyAsNull />
      <FormField cell={halfCell} name="tin" label={t('form.tin')} emptyAsNull />
      <FormField cell={12} name="brn" label={t('form.brn')} emptyAsNull />

      <Section title={t('form.rates')} />
      <FormPercentField
        cell={halfCell}
        name="service_tax_rate_bp"
        label={t('form.serviceTax')}
        helperText={t('form.serviceTaxHint')}
      />
      <FormPercentField
        cell={halfCell}
        name="service_charge_rate_bp"
        label={t('form.serviceCharge')}
        helperText={t('form.serviceChargeHint')}
      />
      <FormCheckboxGroupField
        cell={12}
        name="service_charge_methods"
        label={t('form.chargeMethods')}
        options={servingMethods}
        optionLabel={(method) => t(`serving.${method}`)}
      />
      <Grid size={12}>
        <FormSwitchField name="service_charge_taxable" label={t('form.chargeTaxable')} />
        <FormSwitchField name="cash_rounding" label={t('form.cashRounding')} />
      </Grid>

      <Section title={t('form.business_day')} />
      <FormTimezoneField cell={{ xs: 12, sm: 7 }} name="timezone" label={t('form.timezone')} />
      <Grid size={{ xs: 12, sm: 5 }}>
        <Controller
          control={form.control}
          name="business_day_cutoff_hour"
          render={({ field }) => (
            <TextField
              select
              label={t('form.cutoff')}
              value={String(field.value ?? defaultBusinessDayCutoffHour)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              fullWidth
              slotProps={{ select: { native: true } }}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={12} sx={{ mt: -1.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('form.cutoffHint')}
        </Typography>
      </Grid>

      {!tenant && (
        <>
          <Section title={t('firstAdmin.title')} />
          <FirstAdminFields control={form.control} />
        </>
      )}
    </EntityDrawer>
  );
}
