import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQueries } from '@tanstack/react-query';
import { CellController, inputBinding, type FieldCell } from '../../../components/form-binding';
import { useLocalizedName } from '../../../lib/localized-name';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { getProduct, useProductSearch } from '../api';
import { useVoucherStrings } from '../i18n';
import type { VoucherFormValues } from '../voucher-input';

type Choice = { id: string; label: string };

/**
 * The products a search finds, and the names of products already chosen (a saved voucher keeps
 * only their ids): fetched one by one, kept in the query cache.
 */
function useProductChoices(chosen: string[]) {
  const nameOf = useLocalizedName();
  const [q, setQ] = useState('');
  const search = useDebouncedText(q, setQ, { normalize: (text) => text.trim() });
  const found = useProductSearch(q);
  const saved = useQueries({
    queries: chosen.map((id) => ({
      queryKey: ['vouchers', 'choices', 'product', id],
      queryFn: () => getProduct(id),
      staleTime: 5 * 60_000,
    })),
  });
  const options: Choice[] = (found.data ?? []).map((p) => ({
    id: p.id,
    label: `${nameOf(p.name, p.name_my)} · ${p.sku}`,
  }));
  const labelOf = (id: string): string => {
    const option = options.find((o) => o.id === id);
    if (option) return option.label;
    const product = saved.find((s) => s.data?.id === id)?.data;
    return product ? `${nameOf(product.name, product.name_my)} · ${product.sku}` : '…';
  };
  return { options, labelOf, loading: found.isFetching, setSearch: search.setText };
}

/** One product (the free item), found by typing part of its name or SKU. */
export function ProductPicker({ cell, testId }: { cell: FieldCell; testId: string }) {
  const { t } = useVoucherStrings();
  return (
    <CellController<VoucherFormValues>
      name="free_item_id"
      cell={cell}
      render={({ field, fieldState }) => (
        <SingleProduct
          id={(field.value as string | null | undefined) ?? null}
          onChange={field.onChange}
          label={t('form.product')}
          testId={testId}
          binding={inputBinding(field, fieldState, t('form.searchProduct'))}
        />
      )}
    />
  );
}

function SingleProduct({
  id,
  onChange,
  label,
  testId,
  binding,
}: {
  id: string | null;
  onChange: (id: string | null) => void;
  label: string;
  testId: string;
  binding: ReturnType<typeof inputBinding>;
}) {
  const { t } = useVoucherStrings();
  const choices = useProductChoices(id ? [id] : []);
  const value: Choice | null = id ? { id, label: choices.labelOf(id) } : null;
  return (
    <Autocomplete
      options={choices.options}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      loading={choices.loading}
      noOptionsText={t('form.noProducts')}
      onChange={(_, next) => onChange(next?.id ?? null)}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') choices.setSearch(next);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          {...binding}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

/** Products the voucher is restricted to (none: every product). */
export function ProductsPicker({ cell, testId }: { cell: FieldCell; testId: string }) {
  return (
    <CellController<VoucherFormValues>
      name="product_ids"
      cell={cell}
      render={({ field, fieldState }) => (
        <ManyProducts
          ids={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          testId={testId}
          binding={inputBinding(field, fieldState)}
        />
      )}
    />
  );
}

function ManyProducts({
  ids,
  onChange,
  testId,
  binding,
}: {
  ids: string[];
  onChange: (ids: string[]) => void;
  testId: string;
  binding: ReturnType<typeof inputBinding>;
}) {
  const { t } = useVoucherStrings();
  const choices = useProductChoices(ids);
  return (
    <Autocomplete
      multiple
      options={choices.options}
      value={ids.map((id) => ({ id, label: choices.labelOf(id) }))}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      loading={choices.loading}
      noOptionsText={t('form.noProducts')}
      onChange={(_, next) => onChange(next.map((c) => c.id))}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') choices.setSearch(next);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('form.products')}
          placeholder={t('form.searchProduct')}
          {...binding}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
