import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { CellController, inputBinding, type BoundField } from '../../../components/form-binding';

const hex = /^#[0-9a-fA-F]{6}$/;

/** A colour as #RRGGBB: typed, or picked with the browser's colour picker beside it. */
export function FormColourField<T extends FieldValues>({
  label,
  pickLabel,
  helperText,
  ...bound
}: BoundField<T> & { label: string; pickLabel: string; helperText?: string }) {
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => {
        const value = (field.value as string | undefined) ?? '';
        return (
          <TextField
            fullWidth={bound.cell !== undefined}
            label={label}
            name={field.name}
            value={value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            {...inputBinding(field, fieldState, helperText)}
            slotProps={{
              htmlInput: { maxLength: 7, 'data-testid': 'tier-colour' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <input
                      type="color"
                      aria-label={pickLabel}
                      value={hex.test(value) ? value.toLowerCase() : '#000000'}
                      onChange={(e) => field.onChange(e.target.value.toUpperCase())}
                      style={{
                        width: 32,
                        height: 32,
                        padding: 0,
                        border: 'none',
                        background: 'none',
                        cursor: 'pointer',
                      }}
                    />
                  </InputAdornment>
                ),
              },
            }}
          />
        );
      }}
    />
  );
}
