import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { CellController, inputBinding, type BoundField } from '../../../components/form-binding';

type Props<T extends FieldValues, V> = BoundField<T> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
    /** The field's value as text. */
    format: (value: V) => string;
    /** The text as a value; undefined when it cannot be read (the field then holds null). */
    parse: (text: string) => V | null | undefined;
    /** Said under the field while its text cannot be read. */
    unreadableMessage: string;
  };

/**
 * A form field typed as text but kept as another value (a multiplier "1.5" kept as 150, amounts
 * "10, 20" kept as sen). What is typed stays as typed while the field has focus; on leaving it
 * shows the value's own text.
 */
export function FormParsedField<T extends FieldValues, V>({
  control,
  name,
  cell,
  helperText,
  format,
  parse,
  unreadableMessage,
  ...props
}: Props<T, V>) {
  const [text, setText] = useState<string | null>(null);
  const unreadable = text !== null && parse(text) === undefined;
  return (
    <CellController
      control={control}
      name={name}
      cell={cell}
      render={({ field, fieldState }) => {
        const value = field.value as V | null | undefined;
        const bound = inputBinding(field, fieldState, helperText);
        return (
          <TextField
            fullWidth={cell !== undefined}
            {...props}
            name={field.name}
            value={text ?? (value === null || value === undefined ? '' : format(value))}
            onFocus={() =>
              setText(
                (typed) => typed ?? (value === null || value === undefined ? '' : format(value)),
              )
            }
            onChange={(e) => {
              setText(e.target.value);
              field.onChange(parse(e.target.value) ?? null);
            }}
            onBlur={() => {
              if (!unreadable) setText(null);
              field.onBlur();
            }}
            {...bound}
            error={unreadable || bound.error}
            helperText={unreadable ? unreadableMessage : bound.helperText}
          />
        );
      }}
    />
  );
}
