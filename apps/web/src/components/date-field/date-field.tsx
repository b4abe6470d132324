import { useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { useDateFieldStrings } from './i18n';

/** An ISO date as SPEC §9 shows dates (YYYY/MM/DD). */
const slashed = (iso: string) => iso.replaceAll('-', '/');

/** A typed YYYY/MM/DD (or YYYY-MM-DD, one-digit month and day allowed) as an ISO date; null if no such day. */
export function parseSlashedDate(text: string): string | null {
  const m = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const at = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface DateFieldProps {
  label: string;
  /** An ISO date (YYYY-MM-DD), or '' for none. */
  value: string;
  /** Called with the ISO date typed or picked; with '' when an optional field is emptied. */
  onCommit: (iso: string) => void;
  testId: string;
  /** Emptying the field commits '' (a filter left open); otherwise an empty field is invalid. */
  optional?: boolean;
  /** Marks the label as required. */
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  /** Bounds of the calendar (typed dates are the caller's to check). */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * A date typed as YYYY/MM/DD (SPEC §9; a browser's date input shows its own locale's format
 * instead), taken when the field is left or Enter pressed, with the browser's calendar one click
 * away through a hidden native date input.
 */
export function DateField({
  label,
  value,
  onCommit,
  testId,
  optional,
  required,
  disabled,
  error,
  helperText,
  min,
  max,
  size = 'small',
  sx = { width: 190 },
}: DateFieldProps) {
  const { t, ts } = useDateFieldStrings();
  const [text, setText] = useState(slashed(value));
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A new value from outside (a preset, the calendar, the URL, a reset) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(slashed(value));
    setInvalid(false);
  }
  const commit = () => {
    if (optional && text.trim() === '') {
      setInvalid(false);
      if (value !== '') onCommit('');
      return;
    }
    const iso = parseSlashedDate(text);
    setInvalid(iso === null);
    if (iso === null) return;
    // "2026-3-1" reads back as "2026/03/01" even when that day was already chosen.
    setText(slashed(iso));
    if (iso !== value) onCommit(iso);
  };
  return (
    <TextField
      size={size}
      label={label}
      value={text}
      placeholder="YYYY/MM/DD"
      required={required}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      error={invalid || Boolean(error)}
      helperText={invalid ? ts('validation.date_invalid') : helperText}
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'numeric', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                disabled={disabled}
                aria-label={t('pickDate', { label })}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                min={min}
                max={max}
                onChange={(e) => {
                  if (e.target.value) onCommit(e.target.value);
                }}
                // Rendered (showPicker needs that) but unseen, under the button so the calendar
                // opens there.
                style={{
                  position: 'absolute',
                  right: 8,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
