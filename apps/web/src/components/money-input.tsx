import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { messageKey } from '@kopi/contract/values';
import { translateValidation } from '../lib/i18n/i18n';
import { useTranslation } from '../lib/i18n/use-translation';

// Money is integer sen everywhere (DESIGN §3); the field shows ringgit with two decimals.
export function senToRinggitText(sen: number | null | undefined): string {
  if (sen === null || sen === undefined || !Number.isFinite(sen)) return '';
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(sen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Why typed text is not an amount: each has its own message (`ringgitProblemMessage`). */
export type RinggitProblem = 'not_a_number' | 'decimals' | 'too_large';

/** Typed ringgit ("1,234.5") as sen; "" as null; otherwise why it is not an amount. */
export function readRinggit(text: string): { sen: number | null } | { problem: RinggitProblem } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { sen: null };
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { problem: 'not_a_number' };
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { problem: 'decimals' };
  const sen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(sen)) return { problem: 'too_large' };
  return { sen: minus ? -sen : sen };
}

/** The message key (see `translateValidation`) saying why typed text is not an amount. */
export function ringgitProblemMessage(problem: RinggitProblem): string {
  if (problem === 'decimals') return messageKey('money_decimals');
  if (problem === 'too_large') return messageKey('money_too_large');
  return messageKey('not_a_number');
}

/** "12.5" → 1250; "" → null; anything else (or more than 2 decimals) → undefined (invalid). */
export function parseRinggitToSen(text: string): number | null | undefined {
  const reading = readRinggit(text);
  return 'problem' in reading ? undefined : reading.sen;
}

export type MoneyInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  onChange: (sen: number | null) => void;
  /**
   * Called when the typed text stops being an amount. Without it the value stays the last good
   * one; an owner whose action must not go ahead on that value clears or invalidates it here.
   */
  onUnreadable?: () => void;
};

export function MoneyInput({
  value,
  onChange,
  onUnreadable,
  onBlur,
  slotProps,
  error,
  helperText,
  ...props
}: MoneyInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => senToRinggitText(value));
  const [editing, setEditing] = useState(false);
  // Text that is not an amount stays on screen after the field is left, with its reason, until
  // the value is changed from elsewhere (an "Exact" button, a reset).
  const [kept, setKept] = useState<{ text: string; value: number | null } | null>(null);
  const keptText = kept && Object.is(kept.value, value) ? kept.text : null;
  const typed = editing ? text : keptText;
  const shown = typed ?? senToRinggitText(value);
  const reading = typed === null ? null : readRinggit(typed);
  const problem = reading && 'problem' in reading ? reading.problem : null;
  return (
    <TextField
      {...props}
      error={problem !== null || error}
      helperText={problem ? translateValidation(ringgitProblemMessage(problem)) : helperText}
      value={shown}
      onFocus={() => {
        setText(keptText ?? senToRinggitText(value));
        setEditing(true);
      }}
      onChange={(e) => {
        setText(e.target.value);
        const sen = parseRinggitToSen(e.target.value);
        if (sen !== undefined) onChange(sen);
        else onUnreadable?.();
      }}
      onBlur={(e) => {
        setEditing(false);
        setKept(problem ? { text, value } : null);
        onBlur?.(e);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object) },
        input: {
          startAdornment: <InputAdornment position="start">{t('money.currency')}</InputAdornment>,
        },
      }}
    />
  );
}
