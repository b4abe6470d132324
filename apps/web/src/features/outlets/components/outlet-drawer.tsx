import { useEffect, useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultTimezone,
  messageKey,
  outletInputSchema,
  servingMethods,
  type Outlet,
  type OutletInput,
} from '@kopi/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  FormCheckboxGroupField,
  FormField,
  FormMoneyField,
  FormNumberField,
  FormSelectField,
  FormSwitchField,
} from '../../../components/form-fields';
import { applyServerErrors } from '../../../lib/form-errors';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useOutletStrings } from '../i18n';

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

const valuesOf = (o: Outlet): FormValues => ({
  code: o.code,
  name: o.name,
  address: o.address,
  phone: o.phone,
  lat: o.lat,
  lng: o.lng,
  status: o.status,
  serving_methods: o.serving_methods,
  delivery_fee: o.delivery_fee,
  accepting_orders: o.accepting_orders,
  timezone: o.timezone,
  board_amber_minutes: o.board_amber_minutes,
  board_red_minutes: o.board_red_minutes,
});

/** IANA zones the browser knows, the outlets' default first. */
function timeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [defaultTimezone, ...supported.filter((z) => z !== defaultTimezone)];
}

/** Create or edit an outlet in a side drawer (the list stays in view). */
export function OutletDrawer({
  open,
  outlet,
  onClose,
  onSubmit,
}: {
  open: boolean;
  outlet: Outlet | null;
  onClose: () => void;
  onSubmit: (values: OutletInput) => Promise<void>;
}) {
  const { t, ts } = useOutletStrings();
  const zones = useMemo(() => timeZones(), []);
  const form = useForm<FormValues, unknown, OutletInput>({
    // An emptied number field is null: say "required" rather than zod's type message.
    resolver: zodResolver(outletInputSchema, {
      error: (issue) =>
        issue.code === 'invalid_type' && issue.input == null ? messageKey('required') : undefined,
    }),
    defaultValues: blank,
  });
  useEffect(() => {
    if (open) form.reset(outlet ? valuesOf(outlet) : blank);
  }, [open, outlet, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
    }
  });
  const busy = form.formState.isSubmitting;
  const title = outlet ? t('form.editTitle') : t('form.createTitle');

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={busy ? undefined : onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}
      data-testid="outlet-drawer"
    >
      <Stack sx={{ height: '100%' }} role="dialog" aria-labelledby="outlet-drawer-title">
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2 }}>
          <Typography variant="h5" component="h2" id="outlet-drawer-title" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <IconButton aria-label={ts('common.close')} onClick={onClose} disabled={busy}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        <Box
          component="form"
          id="outlet-form"
          noValidate
          onSubmit={submit}
          sx={{ flexGrow: 1, overflowY: 'auto', px: 3, py: 3 }}
        >
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="code"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('form.code')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    // Codes are capitals and digits: typing "kl02" gives "KL02".
                    onChange={(e) => field.onChange(e.target.value.toUpperCase())}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={
                      translateValidation(fieldState.error?.message) ?? t('form.codeHint')
                    }
                    fullWidth
                    autoFocus
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormField control={form.control} name="name" label={t('form.name')} fullWidth />
            </Grid>
            <Grid size={12}>
              <FormField
                control={form.control}
                name="address"
                label={t('form.address')}
                emptyAsNull
                multiline
                minRows={2}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField
                control={form.control}
                name="phone"
                label={t('form.phone')}
                emptyAsNull
                type="tel"
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelectField
                control={form.control}
                name="status"
                label={t('form.status')}
                fullWidth
                options={[
                  { value: 'active', label: t('form.active') },
                  { value: 'disabled', label: t('form.disabled') },
                ]}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormNumberField
                control={form.control}
                name="lat"
                label={t('form.lat')}
                step={0.0001}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormNumberField
                control={form.control}
                name="lng"
                label={t('form.lng')}
                step={0.0001}
                fullWidth
              />
            </Grid>
            <Grid size={12} sx={{ mt: -1.5 }}>
              <FormHelperText>{t('form.locationHint')}</FormHelperText>
            </Grid>
            <Grid size={12}>
              <FormCheckboxGroupField
                control={form.control}
                name="serving_methods"
                label={t('form.servingMethods')}
                options={servingMethods}
                optionLabel={(method) => t(`serving.${method}`)}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormMoneyField
                control={form.control}
                name="delivery_fee"
                label={t('form.deliveryFee')}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="timezone"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    options={zones}
                    value={field.value ?? defaultTimezone}
                    onChange={(_, next) => field.onChange(next ?? defaultTimezone)}
                    disableClearable
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('form.timezone')}
                        inputRef={field.ref}
                        error={Boolean(fieldState.error)}
                        helperText={translateValidation(fieldState.error?.message)}
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <FormSwitchField
                control={form.control}
                name="accepting_orders"
                label={t('form.acceptingOrders')}
                helperText={t('form.acceptingHint')}
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3">
                {t('form.boardTitle')}
              </Typography>
              <FormHelperText sx={{ mt: 0 }}>{t('form.boardHint')}</FormHelperText>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormNumberField
                control={form.control}
                name="board_amber_minutes"
                label={t('form.boardAmber')}
                helperText={t('form.boardAmberHint')}
                step={1}
                fullWidth
                data-testid="outlet-board-amber"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormNumberField
                control={form.control}
                name="board_red_minutes"
                label={t('form.boardRed')}
                helperText={t('form.boardRedHint')}
                step={1}
                fullWidth
                data-testid="outlet-board-red"
              />
            </Grid>
          </Grid>
        </Box>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ px: 3, py: 2, justifyContent: 'flex-end' }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {ts('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="outlet-form"
            variant="contained"
            loading={busy}
            data-testid="outlet-save"
          >
            {ts('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
