import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { Addon, VariantGroup } from '@kopi/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { AddonDialog } from '../../../components/catalogue/addon-dialog';
import { formatMoneyDelta } from '../../../components/catalogue/money-delta';
import { VariantGroupDialog } from '../../../components/catalogue/variant-group-dialog';
import { RowAction } from '../../../components/list-page/row-actions';
import { formatMoney } from '../../../lib/formatters';
import { createAddon, createVariantGroup, lookupKeys } from '../api';
import { useProductStrings } from '../i18n';
import type { ProductFormValues } from './product-form-values';
import { LibrarySection } from './library-section';

/**
 * Makes a library entry from the dialog's values, adds it to its cached list (then has the list
 * fetched afresh) and attaches it to the product.
 */
function useCreateAndAttach<T extends { id: string }, V>(
  key: QueryKey,
  create: (values: V) => Promise<T>,
) {
  const client = useQueryClient();
  return (attach: (id: string) => void) => async (values: V) => {
    const created = await create(values);
    client.setQueryData<T[]>(key, (list) => [...(list ?? []), created]);
    await client.invalidateQueries({ queryKey: key.slice(0, 1) });
    attach(created.id);
  };
}

interface SectionProps<T> {
  control: Control<ProductFormValues>;
  library: T[];
  mayCreate: boolean;
}

/** Variants: variant groups attached from the library, with their options; new ones inline. */
export function ProductVariants({ control, library, mayCreate }: SectionProps<VariantGroup>) {
  const { t } = useProductStrings();
  const createAndAttach = useCreateAndAttach(lookupKeys.variantGroups(), createVariantGroup);
  return (
    <LibrarySection
      control={control}
      name="variant_group_ids"
      library={library}
      mayCreate={mayCreate}
      sectionId="product-variants-title"
      title={t('form.variants')}
      subheader={t('form.variantsHint')}
      newLabel={t('form.newVariant')}
      newTestId="product-new-variant"
      pickerLabel={t('form.attachVariant')}
      pickerTestId="product-variant-picker"
      optionLabel={(g) => g.variant_name}
      emptyText={t('form.noVariants')}
      renderList={({ items, detach }) => (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {items.map((group) => (
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
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{group.variant_name}</Typography>
                <Chip
                  size="small"
                  color={group.required ? 'warning' : 'default'}
                  label={group.required ? t('form.required') : t('form.optional')}
                />
                <RowAction
                  label={t('form.removeVariant', { name: group.variant_name })}
                  icon={<Close fontSize="small" />}
                  size="small"
                  onClick={() => detach(group.id)}
                />
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
      renderDialog={({ open, close, attach }) => (
        <VariantGroupDialog open={open} onClose={close} onSubmit={createAndAttach(attach)} />
      )}
    />
  );
}

/** Addons: add-ons attached from the library, each removable ("Remove Addons"). */
export function ProductAddons({ control, library, mayCreate }: SectionProps<Addon>) {
  const { t } = useProductStrings();
  const createAndAttach = useCreateAndAttach(lookupKeys.addons(), createAddon);
  return (
    <LibrarySection
      control={control}
      name="addon_ids"
      library={library}
      mayCreate={mayCreate}
      sectionId="product-addons-title"
      title={t('form.addons')}
      subheader={t('form.addonsHint')}
      newLabel={t('form.newAddon')}
      newTestId="product-new-addon"
      pickerLabel={t('form.attachAddon')}
      pickerTestId="product-addon-picker"
      optionLabel={(a) => `${a.addons_name} (${formatMoney(a.price)})`}
      emptyText={t('form.noAddons')}
      renderList={({ items, detach, clear }) => (
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
              {items.map((addon) => (
                <TableRow key={addon.id} data-testid="product-addon">
                  <TableCell>{addon.addons_name}</TableCell>
                  <TableCell align="right">{formatMoney(addon.price)}</TableCell>
                  <TableCell align="right" padding="checkbox">
                    <RowAction
                      label={t('form.removeAddonNamed', { name: addon.addons_name })}
                      icon={<Close fontSize="small" />}
                      size="small"
                      onClick={() => detach(addon.id)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button
            color="error"
            size="small"
            onClick={clear}
            sx={{ mt: 1 }}
            data-testid="product-remove-addons"
          >
            {t('form.removeAddon')}
          </Button>
        </>
      )}
      renderDialog={({ open, close, attach }) => (
        <AddonDialog open={open} onClose={close} onSubmit={createAndAttach(attach)} />
      )}
    />
  );
}
