import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from '../lib/i18n/use-translation';

// Money is integer sen everywhere (DESIGN §3); the field shows ringgit with two decimals.
export function senToRinggitText(sen: number | null | undefined): string {
  if (sen === null || sen === undefined || !Number.isFinite(sen)) return '';
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(sen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" → 1250; "" → null; anything else (or more than 2 decimals) → undefined (invalid). */
export function parseRinggitToSen(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, minus, whole = '0', fraction = ''] = match;
  const sen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -sen : sen;
}

export type MoneyInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  onChange: (sen: number | null) => void;
};

export function MoneyInput({ value, onChange, onBlur, slotProps, ...props }: MoneyInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => senToRinggitText(value));
  const [editing, setEditing] = useState(false);
  const shown = editing ? text : senToRinggitText(value);
  return (
    <TextField
      {...props}
      value={shown}
      onFocus={() => {
        setText(senToRinggitText(value));
        setEditing(true);
      }}
      onChange={(e) => {
        setText(e.target.value);
        const sen = parseRinggitToSen(e.target.value);
        if (sen !== undefined) onChange(sen);
      }}
      onBlur={(e) => {
        setEditing(false);
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
