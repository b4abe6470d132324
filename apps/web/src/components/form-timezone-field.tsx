import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { defaultTimezone } from '@kopi/contract';
import { type FieldValues } from 'react-hook-form';
import { useTranslation } from '../lib/i18n/use-translation';
import { CellController, inputBinding, type BoundField } from './form-binding';

/** IANA zones the browser knows, the default (Asia/Kuala_Lumpur) first. */
function timeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [defaultTimezone, ...supported.filter((zone) => zone !== defaultTimezone)];
}

/** A time zone chosen from the browser's list; never empty (the default stands in). */
export function FormTimezoneField<T extends FieldValues>({
  label,
  ...bound
}: BoundField<T> & { label: string }) {
  useTranslation();
  const zones = useMemo(() => timeZones(), []);
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={zones}
          value={(field.value as string | null | undefined) ?? defaultTimezone}
          onChange={(_, next) => field.onChange(next ?? defaultTimezone)}
          disableClearable
          renderInput={(params) => (
            <TextField {...params} label={label} {...inputBinding(field, fieldState)} />
          )}
        />
      )}
    />
  );
}
