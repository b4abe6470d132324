import { useState } from 'react';
import TextField from '@mui/material/TextField';

/** "9:30", "0930", "09.30" → "09:30"; null when it is not a time of day on the 24-hour clock. */
export function parseClockText(text: string): string | null {
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}

/**
 * A time of day typed as HH:mm on the 24-hour clock. The browser's own time input follows the
 * browser's locale, which shows 12-hour times with AM/PM on many machines. A value is passed on
 * as soon as it is a whole time; leaving the field shows the last whole time again.
 */
export function ClockField({
  value,
  onChange,
  label,
  ariaLabel,
  disabled,
  error,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  ariaLabel?: string;
  disabled?: boolean;
  error?: boolean;
  testId?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value;
  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      disabled={disabled}
      error={error || (draft !== null && parseClockText(draft) === null)}
      placeholder="HH:mm"
      onChange={(e) => {
        setDraft(e.target.value);
        const parsed = parseClockText(e.target.value);
        if (parsed && parsed !== value) onChange(parsed);
      }}
      onBlur={() => setDraft(null)}
      slotProps={{
        htmlInput: {
          'aria-label': ariaLabel,
          inputMode: 'numeric',
          maxLength: 5,
          autoComplete: 'off',
          'data-testid': testId,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ width: 140 }}
    />
  );
}
