import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * An outlined text input built from MUI's parts. TextField would also bring Select (and with it
 * Menu, Popover and Modal) into the sign-in page's bundle, which only needs a plain input.
 */
export interface TextInputProps {
  label: string;
  value?: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

export function TextInput({
  label,
  helperText,
  error,
  fullWidth,
  disabled,
  sx,
  htmlInput,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth={fullWidth} error={error} disabled={disabled} sx={sx} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputProps={{
          ...htmlInput,
          'aria-describedby': helperText ? helperId : undefined,
          'aria-invalid': error || undefined,
        }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
