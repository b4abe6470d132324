import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterOption {
  value: string;
  label: ReactNode;
}

/**
 * A list's drop-down filter: the empty value (`anyLabel`) first, then `options`. The label sits
 * on the border and "any" shows in the field: a label inside the field ran into the arrow when
 * it was longer than the field (Malay labels often are).
 */
export function FilterSelect({
  label,
  value,
  onChange,
  anyLabel,
  options,
  minWidth,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: readonly FilterOption[];
  minWidth: number;
  testId?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          ...(testId && { SelectDisplayProps: { 'data-testid': testId } as object }),
        },
      }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A list's status filter: each of `statuses` named by the feature's `status.…` words. */
export function StatusFilterSelect<S extends string>({
  statuses,
  value,
  onChange,
  anyLabel,
  t,
  minWidth,
  testId,
}: {
  statuses: readonly S[];
  value: string;
  onChange: (status: NoInfer<S> | '') => void;
  anyLabel: string;
  t: (key: 'list.filterStatus' | `status.${NoInfer<S>}`) => string;
  minWidth: number;
  testId?: string;
}) {
  return (
    <FilterSelect
      label={t('list.filterStatus')}
      value={value}
      onChange={(next) => onChange(next as S | '')}
      anyLabel={anyLabel}
      options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      minWidth={minWidth}
      testId={testId}
    />
  );
}

/**
 * A list's outlet filter, 170 px wide, offered only where the user may choose an outlet
 * (`scope.choosable` of useOutletScope: staff bound to one outlet have no choice to make).
 */
export function OutletFilterSelect({
  scope,
  label,
  value,
  onChange,
  anyLabel,
  testId,
}: {
  scope: { choosable: boolean; outlets: readonly { id: string; name: string }[] };
  label: string;
  value: string;
  onChange: (outletId: string) => void;
  anyLabel: string;
  testId: string;
}) {
  if (!scope.choosable) return null;
  return (
    <FilterSelect
      label={label}
      value={value}
      onChange={onChange}
      anyLabel={anyLabel}
      options={scope.outlets.map((o) => ({ value: o.id, label: o.name }))}
      minWidth={170}
      testId={testId}
    />
  );
}
