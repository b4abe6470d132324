import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldValues } from 'react-hook-form';
import { CellController, inputBinding, type BoundField } from './form-binding';
import { bpToPercentText, percentTextToBp } from '../lib/percent';

/** A rate entered as a percentage ("6.5") and kept in basis points (650). */
function PercentInput({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (bp: number) => void;
}) {
  const [text, setText] = useState(() => bpToPercentText(value));
  const [editing, setEditing] = useState(false);
  return (
    <TextField
      {...props}
      value={editing ? text : bpToPercentText(value)}
      onFocus={() => {
        setText(bpToPercentText(value));
        setEditing(true);
      }}
      onChange={(e) => {
        setText(e.target.value);
        const bp = percentTextToBp(e.target.value);
        // Not a percentage (or empty): NaN, which the schema reports as invalid.
        onChange(bp === undefined || bp === null ? Number.NaN : bp);
      }}
      onBlur={(e) => {
        setEditing(false);
        props.onBlur?.(e);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}

export function FormPercentField<T extends FieldValues>({
  control,
  name,
  cell,
  helperText,
  ...props
}: BoundField<T> & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const bound = { control, name, cell };
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => (
        <PercentInput
          fullWidth={cell !== undefined}
          {...props}
          name={field.name}
          value={field.value as number | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...inputBinding(field, fieldState, helperText)}
        />
      )}
    />
  );
}
