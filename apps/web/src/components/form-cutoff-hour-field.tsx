import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { defaultBusinessDayCutoffHour } from '@kopi/contract';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { FieldCell } from './form-binding';

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The hour a business day ends, 00:00 to 23:00, as a native select in a grid cell (a tenant's
 * own settings, the platform's tenant drawer). The hint stays under the field, red on an error.
 */
export function FormCutoffHourField<T extends FieldValues>({
  control,
  name,
  cell,
  label,
  helperText,
  disabled,
  testId,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  cell: FieldCell;
  label: string;
  helperText?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Grid size={cell}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={label}
            value={String(field.value ?? defaultBusinessDayCutoffHour)}
            onChange={(e) => field.onChange(Number(e.target.value))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={helperText}
            disabled={disabled}
            fullWidth
            slotProps={{
              select: { native: true },
              htmlInput: testId ? { 'data-testid': testId } : undefined,
            }}
          >
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </TextField>
        )}
      />
    </Grid>
  );
}
