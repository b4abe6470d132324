import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../lib/i18n/use-translation';
import { translateValidation } from '../lib/i18n/i18n';
import { PasswordField } from './password-field';
import { CellController, type FieldCell } from './form-binding';
import { TextInput, type TextInputProps } from './text-input';

type Props<T extends FieldValues> = Omit<
  TextInputProps,
  'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  control?: Control<T>;
  name: FieldPath<T>;
  cell?: FieldCell;
  password?: boolean;
};

/**
 * A text field bound to react-hook-form; the contract's validation keys are translated in the
 * current language (and re-translated when it changes). Without `control` it binds to the form of
 * the FormControlProvider around it; with `cell` it stands in a grid item of that size and fills it.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  cell,
  password = false,
  helperText,
  ...props
}: Props<T>) {
  const bound = { control, name, cell };
  useTranslation();
  return (
    <CellController
      {...bound}
      render={({ field: { ref, value, onChange, onBlur, name: fieldName }, fieldState }) => {
        const common = {
          ...(cell !== undefined && { fullWidth: true }),
          ...props,
          name: fieldName,
          value: (value as string | undefined) ?? '',
          onChange,
          onBlur,
          inputRef: ref,
          error: Boolean(fieldState.error),
          helperText: translateValidation(fieldState.error?.message) ?? helperText,
        };
        return password ? <PasswordField {...common} /> : <TextInput {...common} />;
      }}
    />
  );
}
