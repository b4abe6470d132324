import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { refundReasonLabels, refundReasons, type RefundReason } from '@kopi/contract';
import type { ReactNode } from 'react';

/**
 * The required reason of a refund (the till's and the back office's), each named in `language`
 * by the contract's labels, with its error under it.
 */
export function RefundReasonSelect({
  label,
  value,
  onChange,
  language,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: RefundReason | '';
  onChange: (reason: RefundReason) => void;
  language: 'en' | 'my';
  error: boolean;
  helperText: ReactNode;
  testId: string;
}) {
  return (
    <TextField
      select
      required
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as RefundReason)}
      error={error}
      helperText={helperText}
      slotProps={{
        select: { SelectDisplayProps: { 'data-testid': testId } as object },
      }}
    >
      {refundReasons.map((r) => (
        <MenuItem key={r} value={r}>
          {refundReasonLabels[r][language]}
        </MenuItem>
      ))}
    </TextField>
  );
}
