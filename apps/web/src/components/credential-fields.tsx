import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from '../lib/i18n/use-translation';
import type { FieldCell } from './form-binding';
import { FormTextField } from './form-text-field';

/** The `username` a person signs in with, where the form starts. */
export function UsernameField<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={'username' as FieldPath<T>}
      label={t('auth.username')}
      autoComplete="username"
      autoFocus
      fullWidth
    />
  );
}

/** A password the person already has (signing in, unlocking, changing it); "Password" unless `label`. */
export function CurrentPasswordField<T extends FieldValues>({
  control,
  name,
  label,
  autoFocus,
  cell,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label?: string;
  autoFocus?: boolean;
  cell?: FieldCell;
}) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      cell={cell}
      label={label ?? t('auth.password')}
      autoComplete="current-password"
      password
      autoFocus={autoFocus}
      fullWidth
    />
  );
}
