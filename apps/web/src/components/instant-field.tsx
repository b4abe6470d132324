import { useState } from 'react';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { FieldValues, Path } from 'react-hook-form';
import { translateValidation } from '../lib/i18n/i18n';
import { useTranslation } from '../lib/i18n/use-translation';
import { joinInstant, splitInstant } from '../lib/instant';
import { ClockField } from './clock-field';
import { DateField } from './date-field/date-field';
import { CellController, type FieldCell } from './form-binding';

/**
 * An instant field of a form (a schedule's or a validity's end; null for an open end) typed as a
 * date and a 24-hour time on the business clock. Emptying the date clears it; a date alone means
 * its start.
 */
export function InstantField<T extends FieldValues>({
  name,
  cell,
  timeZone,
  dateLabel,
  timeLabel,
  helperText,
  optional,
  testId,
}: {
  name: Path<T>;
  cell: FieldCell;
  timeZone: string;
  dateLabel: string;
  timeLabel: string;
  helperText?: string;
  optional?: boolean;
  testId: string;
}) {
  useTranslation();
  return (
    <CellController<T>
      name={name}
      cell={cell}
      render={({ field, fieldState }) => (
        <InstantInputs
          value={(field.value as string | null | undefined) ?? null}
          onChange={field.onChange}
          timeZone={timeZone}
          dateLabel={dateLabel}
          timeLabel={timeLabel}
          optional={optional}
          testId={testId}
          error={translateValidation(fieldState.error?.message) ?? null}
          helperText={helperText}
        />
      )}
    />
  );
}

/** An instant typed as a date and a 24-hour time on the business clock (null: none). */
export function InstantInputs({
  value,
  onChange,
  timeZone,
  dateLabel,
  timeLabel,
  optional,
  testId,
  error,
  helperText,
}: {
  value: string | null;
  onChange: (iso: string | null) => void;
  timeZone: string;
  dateLabel: string;
  timeLabel: string;
  optional?: boolean;
  testId: string;
  error: string | null;
  helperText?: string;
}) {
  // What is typed, kept while it does not yet make an instant (a time before its date).
  const [draft, setDraft] = useState(() => splitInstant(value, timeZone));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // A new value from outside (the form reset for another record).
    setShown(value);
    if (value !== joinInstant(draft.date, draft.time, timeZone)) {
      setDraft(splitInstant(value, timeZone));
    }
  }
  const change = (next: { date: string; time: string }) => {
    setDraft(next);
    const iso = joinInstant(next.date, next.time, timeZone);
    setShown(iso);
    onChange(iso);
  };
  const message = error ?? helperText;
  return (
    // Enter takes the typed date or time; it does not also submit the whole form.
    <div onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
      <Stack direction="row" spacing={1.5}>
        <DateField
          label={dateLabel}
          value={draft.date}
          onCommit={(date) => change({ ...draft, date })}
          testId={`${testId}-date`}
          optional={optional}
          required={!optional}
          error={Boolean(error)}
          sx={{ flex: 1, minWidth: 150 }}
        />
        <ClockField
          label={timeLabel}
          value={draft.time}
          onChange={(time) => change({ ...draft, time })}
          error={Boolean(error)}
          testId={`${testId}-time`}
        />
      </Stack>
      {message && (
        <FormHelperText error={Boolean(error)} data-testid={error ? `${testId}-error` : undefined}>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}
