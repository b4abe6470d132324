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
