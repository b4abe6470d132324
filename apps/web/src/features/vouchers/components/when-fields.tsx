import { ScheduleFields } from '../../../components/schedule-fields';
import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { parseClockText } from '../../../components/clock-field';
import { CellController, halfCell } from '../../../components/form-binding';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useVoucherStrings } from '../i18n';
import type { VoucherFormValues } from '../voucher-input';

/** Days as the API numbers them (0 = Sunday), shown from Monday as Malaysian calendars are. */
const week = [
  [1, 'mon'],
  [2, 'tue'],
  [3, 'wed'],
  [4, 'thu'],
  [5, 'fri'],
  [6, 'sat'],
  [0, 'sun'],
] as const;

/**
 * When a voucher applies: its validity window (date and time on the business clock), the days
 * of the week (toggles; none is every day) and an optional daily window of hours.
 */
export function WhenFields({ timeZone }: { timeZone: string }) {
  const { t } = useVoucherStrings();
  return (
    <>
      <ScheduleFields<VoucherFormValues>
        from="valid_from"
        until="valid_until"
        timeZone={timeZone}
        t={t}
        untilHint={t('form.untilHint')}
        testIds={['voucher-from', 'voucher-until']}
      />
      <CellController<VoucherFormValues>
        name="days_of_week"
        cell={12}
        render={({ field, fieldState }) => {
          const days = (field.value as number[] | undefined) ?? [];
          return (
            <FormControl component="fieldset" error={Boolean(fieldState.error)}>
              <FormLabel component="legend">{t('form.days')}</FormLabel>
              <ToggleButtonGroup
                size="small"
                value={days}
                onChange={(_, next: number[]) => field.onChange([...next].sort((a, b) => a - b))}
                data-testid="voucher-days"
              >
                {week.map(([day, key]) => (
                  <ToggleButton key={day} value={day} aria-label={t(`day.long.${key}`)}>
                    {t(`day.short.${key}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <FormHelperText>
                {translateValidation(fieldState.error?.message) ?? t('form.daysHint')}
              </FormHelperText>
            </FormControl>
          );
        }}
      />
      <HoursField name="hours_from" label={t('form.hoursFrom')} testId="voucher-hours-from" />
      <HoursField name="hours_until" label={t('form.hoursUntil')} testId="voucher-hours-until" />
      <Grid size={12} sx={{ mt: -2 }}>
        <FormHelperText>{t('form.hoursHint')}</FormHelperText>
      </Grid>
    </>
  );
}

/**
 * One end of the daily window, typed "HH:mm" on the 24-hour clock; emptying it clears it (null),
 * which ClockField, made for times that are always set, does not do.
 */
function HoursField({
  name,
  label,
  testId,
}: {
  name: 'hours_from' | 'hours_until';
  label: string;
  testId: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <CellController<VoucherFormValues>
      name={name}
      cell={halfCell}
      render={({ field, fieldState }) => {
        const value = (field.value as string | null | undefined) ?? '';
        const shown = draft ?? value;
        const unreadable = draft !== null && draft.trim() !== '' && !parseClockText(draft);
        return (
          <TextField
            fullWidth
            label={label}
            value={shown}
            placeholder="HH:mm"
            error={Boolean(fieldState.error) || unreadable}
            helperText={translateValidation(fieldState.error?.message)}
            onChange={(e) => {
              setDraft(e.target.value);
              if (e.target.value.trim() === '') field.onChange(null);
              else {
                const parsed = parseClockText(e.target.value);
                if (parsed) field.onChange(parsed);
              }
            }}
            onBlur={() => {
              setDraft(null);
              field.onBlur();
            }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': testId },
              inputLabel: { shrink: true },
            }}
          />
        );
      }}
    />
  );
}
