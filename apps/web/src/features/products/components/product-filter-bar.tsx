import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { useCategoryChoices, useOutletChoices } from '../api';
import { useProductStrings } from '../i18n';

export type ProductStatusFilter = '' | 'active' | 'disabled' | 'archived';
export interface ProductFilters {
  category: string;
  status: ProductStatusFilter;
  outlet: string;
  tag: string;
}
export const noProductFilters: ProductFilters = { category: '', status: '', outlet: '', tag: '' };

const trim = (text: string) => text.trim();

/** A text filter applied 300 ms after typing stops. */
function TagField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const tag = useDebouncedText(value, onChange, { normalize: trim });
  return (
    <TextField
      size="small"
      label={label}
      value={tag.text}
      onChange={(e) => tag.setText(e.target.value)}
      sx={{ width: 140 }}
      slotProps={{ htmlInput: { 'data-testid': 'filter-tag' } }}
    />
  );
}

/** The product list's filters: category, status, outlet and tag, and a way to clear them. */
export function ProductFilterBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ProductFilters;
  onChange: <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) => void;
  onClear: () => void;
}) {
  const { t, language } = useProductStrings();
  const categories = useCategoryChoices();
  const outlets = useOutletChoices();
  const filtering = Object.values(filters).some(Boolean);
  // Remounts the typed tag filter when the filters are cleared (dropping text not yet applied).
  const [cleared, setCleared] = useState(0);
  return (
    <>
      <FilterSelect
        label={t('list.filterCategory')}
        value={filters.category}
        onChange={(v) => onChange('category', v)}
        anyLabel={t('list.all')}
        options={(categories.data ?? []).map((c) => ({
          value: c.id,
          label: language === 'my' ? c.name_my : c.name_en,
        }))}
        minWidth={160}
        testId="filter-category"
      />
      <FilterSelect
        label={t('list.filterStatus')}
        value={filters.status}
        onChange={(v) => onChange('status', v as ProductStatusFilter)}
        anyLabel={t('list.allButArchived')}
        options={(['active', 'disabled', 'archived'] as const).map((s) => ({
          value: s,
          label: t(`status.${s}`),
        }))}
        minWidth={150}
        testId="filter-status"
      />
      <FilterSelect
        label={t('list.filterOutlet')}
        value={filters.outlet}
        onChange={(v) => onChange('outlet', v)}
        anyLabel={t('list.all')}
        options={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        minWidth={150}
        testId="filter-outlet"
      />
      <TagField
        key={cleared}
        label={t('list.filterTag')}
        value={filters.tag}
        onChange={(tag) => onChange('tag', tag)}
      />
      {filtering && (
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            setCleared((n) => n + 1);
            onClear();
          }}
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </>
  );
}
