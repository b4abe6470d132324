import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { MenuItemInput } from '@kopi/contract';
import { CellController, inputBinding, type BoundField } from '../../../components/form-binding';

/**
 * Free text with suggestions (an icon's name, a page's path): typed text is kept as typed, trimmed,
 * an empty one is null. `decorate` shows something beside a value (the icon itself).
 */
export function FormSuggestField({
  label,
  helperText,
  options,
  decorate,
  ...bound
}: BoundField<MenuItemInput> & {
  name: 'icon' | 'path';
  label: string;
  helperText: string;
  options: string[];
  decorate?: (value: string) => ReactNode;
}) {
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => (
        <Autocomplete
          freeSolo
          options={options}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(_, next) => field.onChange(next || null)}
          onInputChange={(_, next, reason) => {
            if (reason === 'input') field.onChange(next.trim() || null);
          }}
          renderOption={
            decorate
              ? ({ key, ...props }, option) => (
                  <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
                    {decorate(option)}
                    {option}
                  </Box>
                )
              : undefined
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              {...inputBinding(field, fieldState, helperText)}
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  startAdornment:
                    decorate && field.value ? (
                      <Box sx={{ display: 'flex', pl: 0.5 }}>{decorate(String(field.value))}</Box>
                    ) : undefined,
                },
              }}
            />
          )}
        />
      )}
    />
  );
}
