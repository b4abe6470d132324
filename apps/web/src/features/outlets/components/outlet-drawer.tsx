import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultTimezone,
  messageKey,
  outletInputSchema,
  servingMethods,
  type Outlet,
  type OutletInput,
} from '@kopi/contract';
import type { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import {
  FormCheckboxGroupField,
  FormField,
  FormMoneyField,
  FormNumberField,
  FormSelectField,
  FormSwitchField,
  statusOptions,
} from '../../../components/form-fields';
import { halfCell } from '../../../components/form-binding';
import { FormTimezoneField } from '../../../components/form-timezone-field';
import { useOutletStrings } from '../i18n';
import { outletInputOf } from '../outlet-input';
import { FormSectionTitle } from '../../../components/form-section-title';

type FormValues = z.input<typeof outletInputSchema>;
const fields = [
  'code',
  'name',
  'address',
  'phone',
  'lat',
  'lng',
  'status',
  'serving_methods',
  'delivery_fee',
  'accepting_orders',
  'timezone',
  'board_amber_minutes',
  'board_red_minutes',
] as const;

const blank: FormValues = {
  code: '',
  name: '',
  address: null,
  phone: null,
  lat: null,
  lng: null,
  status: 'active',
  serving_methods: ['dine_in', 'pick_up'],
  delivery_fee: 0,
  accepting_orders: true,
  timezone: defaultTimezone,
  board_amber_minutes: 5,
  board_red_minutes: 10,
};

const valuesOf = (o: Outlet): FormValues => outletInputOf(o);

/** Create or edit an outlet in a side drawer (the list stays in view). */
export function OutletDrawer({
  open,
  outlet,
  onClose,
  onSubmit,
}: DrawerFormProps<OutletInput> & {
  outlet: Outlet | null;
}) {
  const { t } = useOutletStrings();
  const { frame } = useEntityForm({
    open,
    record: outlet,
    blank,
    valuesOf,
    // An emptied number field is null: say "required" rather than zod's type message.
    resolver: zodResolver(outletInputSchema, {
      error: (issue) =>
        issue.code === 'invalid_type' && issue.input == null ? messageKey('required') : undefined,
    }),
    fields,
    onSubmit,
    onClose,
  });

  return (
    <EntityDrawer
      name="outlet"
      title={outlet ? t('form.editTitle') : t('form.createTitle')}
      width={520}
      {...frame}
    >
      <FormField
        cell={{ xs: 12, sm: 4 }}
        name="code"
        label={t('form.code')}
        helperText={t('form.codeHint')}
        // Codes are capitals and digits: typing "kl02" gives "KL02".
        normalize={(text) => text.toUpperCase()}
        autoFocus
      />
      <FormField cell={{ xs: 12, sm: 8 }} name="name" label={t('form.name')} />
      <FormField
        cell={12}
        name="address"
        label={t('form.address')}
        emptyAsNull
        multiline
        minRows={2}
      />
      <FormField cell={halfCell} name="phone" label={t('form.phone')} emptyAsNull type="tel" />
      <FormSelectField
        cell={halfCell}
        name="status"
        label={t('form.status')}
        options={statusOptions(t('form.active'), t('form.disabled'))}
      />
      <FormNumberField cell={halfCell} name="lat" label={t('form.lat')} step={0.0001} />
      <FormNumberField cell={halfCell} name="lng" label={t('form.lng')} step={0.0001} />
      <Grid size={12} sx={{ mt: -1.5 }}>
        <FormHelperText>{t('form.locationHint')}</FormHelperText>
      </Grid>
      <FormCheckboxGroupField
        cell={12}
        name="serving_methods"
        label={t('form.servingMethods')}
        options={servingMethods}
        optionLabel={(method) => t(`serving.${method}`)}
      />
      <FormMoneyField cell={halfCell} name="delivery_fee" label={t('form.deliveryFee')} />
      <FormTimezoneField cell={halfCell} name="timezone" label={t('form.timezone')} />
      <FormSwitchField
        cell={12}
        name="accepting_orders"
        label={t('form.acceptingOrders')}
        helperText={t('form.acceptingHint')}
      />
      <FormSectionTitle title={t('form.boardTitle')} hint={t('form.boardHint')} />
      <FormNumberField
        cell={halfCell}
        name="board_amber_minutes"
        label={t('form.boardAmber')}
        helperText={t('form.boardAmberHint')}
        step={1}
        data-testid="outlet-board-amber"
      />
      <FormNumberField
        cell={halfCell}
        name="board_red_minutes"
        label={t('form.boardRed')}
        helperText={t('form.boardRedHint')}
        step={1}
        data-testid="outlet-board-red"
      />
    </EntityDrawer>
  );
}
