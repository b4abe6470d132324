import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import type { Addon, VariantGroup } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useController, type Control } from 'react-hook-form';
import { AddonDialog } from '../../../components/catalogue/addon-dialog';
import { formatMoneyDelta } from '../../../components/catalogue/money-delta';
import { VariantGroupDialog } from '../../../components/catalogue/variant-group-dialog';
import { formatMoney } from '../../../lib/formatters';
import { translateValidation } from '../../../lib/i18n/i18n';
import { createAddon, createVariantGroup, lookupKeys } from '../api';
import { useProductStrings } from '../i18n';
import type { ProductFormValues } from './product-form-values';

/** Variants: variant groups attached from the library, with their options; new ones inline. */
export function ProductVariants({
  control,
  library,
  mayCreate,
}: {
  control: Control<ProductFormValues>;
  library: VariantGroup[];
  mayCreate: boolean;
}) {
  const { t } = useProductStrings();
  const client = useQueryClient();
  const { field, fieldState } = useController({ control, name: 'variant_group_ids' });
  const [creating, setCreating] = useState(false);
  const ids = field.value ?? [];
  const byId = new Map(library.map((g) => [g.id, g]));
  const attached = ids.map((id) => byId.get(id)).filter((g): g is VariantGroup => Boolean(g));

  return (
    <Card component="section" aria-labelledby="product-variants-title">
      <CardHeader
        title={t('form.variants')}
        subheader={t('form.variantsHint')}
        slotProps={{ title: { component: 'h2', variant: 'h5', id: 'product-variants-title' } }}
        action={
          mayCreate && (
            <Button
              startIcon={<Add />}
              onClick={() => setCreating(true)}
              data-testid="product-new-variant"
            >
              {t('form.newVariant')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Autocomplete
          multiple
          options={library}
          value={attached}
          getOptionLabel={(g) => g.variant_name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, next) => field.onChange(next.map((g) => g.id))}
          renderValue={() => null}
          disableCloseOnSelect
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('form.attachVariant')}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={translateValidation(fieldState.error?.message)}
            />
          )}
          data-testid="product-variant-picker"
        />
        {attached.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('form.noVariants')}
          </Typography>
        ) : (
          <Stack spacing={2} sx={{ mt: 2 }}>
            {attached.map((group) => (
              <Box
                key={group.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
                data-testid="product-variant-group"
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', px: 2, py: 1, bgcolor: 'action.hover' }}
                >
                  <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
                    {group.variant_name}
                  </Typography>
                  <Chip
                    size="small"
                    color={group.required ? 'warning' : 'default'}
                    label={group.required ? t('form.required') : t('form.optional')}
                  />
                  <Tooltip title={t('form.removeVariant', { name: group.variant_name })}>
                    <IconButton
                      size="small"
                      aria-label={t('form.removeVariant', { name: group.variant_name })}
                      onClick={() => field.onChange(ids.filter((id) => id !== group.id))}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <Table size="small" aria-label={group.variant_name}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('form.optionsName')}</TableCell>
                      <TableCell align="right">{t('form.price')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {group.options.map((option) => (
                      <TableRow key={option.id}>
                        <TableCell>{option.options_name}</TableCell>
                        <TableCell align="right">{formatMoneyDelta(option.price)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      <VariantGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (values) => {
          const created = await createVariantGroup(values);
          client.setQueryData<VariantGroup[]>(lookupKeys.variantGroups(), (list) => [
            ...(list ?? []),
            created,
          ]);
          await client.invalidateQueries({ queryKey: lookupKeys.variantGroups().slice(0, 1) });
          field.onChange([...ids, created.id]);
          setCreating(false);
        }}
      />
    </Card>
  );
}

/** Addons: add-ons attached from the library, each removable ("Remove Addons"). */
export function ProductAddons({
  control,
  library,
  mayCreate,
}: {
  control: Control<ProductFormValues>;
  library: Addon[];
  mayCreate: boolean;
}) {
  const { t } = useProductStrings();
  const client = useQueryClient();
  const { field, fieldState } = useController({ control, name: 'addon_ids' });
  const [creating, setCreating] = useState(false);
  const ids = field.value ?? [];
  const byId = new Map(library.map((a) => [a.id, a]));
  const attached = ids.map((id) => byId.get(id)).filter((a): a is Addon => Boolean(a));

  return (
    <Card component="section" aria-labelledby="product-addons-title">
      <CardHeader
        title={t('form.addons')}
        subheader={t('form.addonsHint')}
        slotProps={{ title: { component: 'h2', variant: 'h5', id: 'product-addons-title' } }}
        action={
          mayCreate && (
            <Button
              startIcon={<Add />}
              onClick={() => setCreating(true)}
              data-testid="product-new-addon"
            >
              {t('form.newAddon')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Autocomplete
          multiple
          options={library}
          value={attached}
          getOptionLabel={(a) => `${a.addons_name} (${formatMoney(a.price)})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, next) => field.onChange(next.map((a) => a.id))}
          renderValue={() => null}
          disableCloseOnSelect
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('form.attachAddon')}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={translateValidation(fieldState.error?.message)}
            />
          )}
          data-testid="product-addon-picker"
        />
        {attached.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('form.noAddons')}
          </Typography>
        ) : (
          <>
            <Table size="small" aria-label={t('form.addons')} sx={{ mt: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('form.addonsName')}</TableCell>
                  <TableCell align="right">{t('form.price')}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {attached.map((addon) => (
                  <TableRow key={addon.id} data-testid="product-addon">
                    <TableCell>{addon.addons_name}</TableCell>
                    <TableCell align="right">{formatMoney(addon.price)}</TableCell>
                    <TableCell align="right" padding="checkbox">
                      <Tooltip title={t('form.removeAddonNamed', { name: addon.addons_name })}>
                        <IconButton
                          size="small"
                          aria-label={t('form.removeAddonNamed', { name: addon.addons_name })}
                          onClick={() => field.onChange(ids.filter((id) => id !== addon.id))}
                        >
                          <Close fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Button
              color="error"
              size="small"
              onClick={() => field.onChange([])}
              sx={{ mt: 1 }}
              data-testid="product-remove-addons"
            >
              {t('form.removeAddon')}
            </Button>
          </>
        )}
      </CardContent>
      <AddonDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (values) => {
          const created = await createAddon(values);
          client.setQueryData<Addon[]>(lookupKeys.addons(), (list) => [...(list ?? []), created]);
          await client.invalidateQueries({ queryKey: lookupKeys.addons().slice(0, 1) });
          field.onChange([...ids, created.id]);
          setCreating(false);
        }}
      />
    </Card>
  );
}
