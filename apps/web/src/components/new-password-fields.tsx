import type { ReactElement, ReactNode } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { FormTextField } from './form-text-field';

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/** A new password typed twice (`password`, `password_confirmation`); `wrap` places each field. */
export function NewPasswordFields<T extends NewPassword>({
  control,
  label,
  confirmLabel,
  helperText,
  autoFocus = false,
  wrap = (field) => field,
}: {
  control: Control<T>;
  label: string;
  confirmLabel: string;
  helperText?: string;
  autoFocus?: boolean;
  wrap?: (field: ReactElement) => ReactNode;
}) {
  const common = { control, autoComplete: 'new-password', password: true, fullWidth: true };
  return (
    <>
      {wrap(
        <FormTextField
          {...common}
          name={'password' as FieldPath<T>}
          label={label}
          helperText={helperText}
          autoFocus={autoFocus}
        />,
      )}
      {wrap(
        <FormTextField
          {...common}
          name={'password_confirmation' as FieldPath<T>}
          label={confirmLabel}
        />,
      )}
    </>
  );
}
