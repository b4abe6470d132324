import type { ReactElement, ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';
import { translateValidation } from '../lib/i18n/i18n';
import { useTranslation } from '../lib/i18n/use-translation';
import { CellController, inputBinding, type BoundField } from './form-binding';
import { MoneyInput } from './money-input';

// react-hook-form bindings of the MUI fields the back-office forms use beyond plain text
// (FormTextField). Errors carry contract validation keys, translated in the current language.
// Without `control` a field binds to the form of the FormControlProvider around it; with `cell`
// it stands in a grid item of that size and fills it.

type Bound<T extends FieldValues> = BoundField<T>;
type FieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

interface BoundProps {
  name: string;
  inputRef: RefCallBack;
  onBlur: () => void;
  error: boolean;
  helperText: ReactNode;
  fullWidth?: boolean;
}

/**
 * The Controller every field below renders through: `render` receives the props an MUI input takes
 * from the form (name, ref, blur, error and its translated message in place of `helperText`).
 */
function BoundInput<T extends FieldValues>({
  helperText,
  render,
  ...bound
}: Bound<T> & {
  helperText?: ReactNode;
  render: (bound: BoundProps, field: ControllerRenderProps<T, FieldPath<T>>) => ReactElement;
}) {
  useTranslation();
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) =>
        render(
          {
            name: field.name,
            onBlur: field.onBlur,
            ...inputBinding(field, fieldState, helperText),
            ...(bound.cell !== undefined && { fullWidth: true }),
          },
          field,
        )
      }
    />
  );
}

const text = (value: unknown) => (value as string | null | undefined) ?? '';

/**
 * An MUI TextField bound to the form, whose text is `format`ted from the field's value and
 * `parse`d back into it; `onParsed` hears of each change (the value, and the text it came from).
 */
function BoundTextField<T extends FieldValues>({
  control,
  name,
  cell,
  helperText,
  format,
  parse,
  onParsed,
  ...props
}: Bound<T> &
  FieldProps & {
    format: (value: unknown) => string;
    parse: (text: string) => unknown;
    onParsed?: (value: unknown, text: string) => void;
  }) {
  return (
    <BoundInput
      control={control}
      name={name}
      cell={cell}
      helperText={helperText}
      render={(bound, field) => (
        <TextField
          {...props}
          {...bound}
          value={format(field.value)}
          onChange={(e) => {
            const value = parse(e.target.value);
            field.onChange(value);
            onParsed?.(value, e.target.value);
          }}
        />
      )}
    />
  );
}

/**
 * A multi-line or otherwise plain MUI TextField (empty text is stored as null when asked).
 * `normalize` rewrites what is typed (e.g. capitals); `onTextChange` hears of each change.
 */
export function FormField<T extends FieldValues>({
  emptyAsNull = false,
  normalize = (typed: string) => typed,
  onTextChange,
  ...props
}: Bound<T> &
  FieldProps & {
    emptyAsNull?: boolean;
    normalize?: (text: string) => string;
    onTextChange?: (text: string) => void;
  }) {
  return (
    <BoundTextField
      {...props}
      format={text}
      parse={(typed) => {
        const value = normalize(typed);
        return emptyAsNull && value === '' ? null : value;
      }}
      onParsed={(_, typed) => onTextChange?.(normalize(typed))}
    />
  );
}

/** The two choices of a record's status, in the caller's words. */
export const statusOptions = (active: ReactNode, disabled: ReactNode): SelectOption[] => [
  { value: 'active', label: active },
  { value: 'disabled', label: disabled },
];

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Listed but not choosable (e.g. a role the signed-in user may not give). */
  disabled?: boolean;
  /** How deep in a tree the option sits (indents it). */
  indent?: number;
}

/**
 * A drop-down of `options`. With `emptyLabel` the first choice is "none" (stored as null), shown
 * even when nothing is chosen. `onValueChange` hears of each choice (e.g. to clear a dependent one).
 */
export function FormSelectField<T extends FieldValues>({
  options,
  emptyLabel,
  testId,
  onValueChange,
  ...props
}: Bound<T> &
  FieldProps & {
    options: readonly SelectOption[];
    emptyLabel?: ReactNode;
    testId?: string;
    onValueChange?: (value: string | null) => void;
  }) {
  const none = emptyLabel !== undefined;
  return (
    <BoundTextField
      {...props}
      select
      format={text}
      parse={(chosen) => (none && chosen === '' ? null : chosen)}
      onParsed={(value) => onValueChange?.(value as string | null)}
      slotProps={
        testId || none
          ? {
              ...props.slotProps,
              select: {
                displayEmpty: none || undefined,
                SelectDisplayProps: { 'data-testid': testId } as object,
              },
              inputLabel: none ? { shrink: true } : undefined,
            }
          : props.slotProps
      }
    >
      {none && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          sx={option.indent ? { pl: 2 + option.indent * 2 } : undefined}
        >
          {option.label}
        </MenuItem>
      ))}
    </BoundTextField>
  );
}

/**
 * Money in sen shown as RM (MoneyInput); an empty field is null, text that is not an amount NaN,
 * which no schema takes, so the form cannot be saved with the amount typed before it.
 */
export function FormMoneyField<T extends FieldValues>({
  control,
  name,
  cell,
  helperText,
  ...props
}: Bound<T> & FieldProps) {
  return (
    <BoundInput
      control={control}
      name={name}
      cell={cell}
      helperText={helperText}
      render={(bound, field) => (
        <MoneyInput
          {...props}
          {...bound}
          value={(field.value as number | null | undefined) ?? null}
          onChange={field.onChange}
          onUnreadable={() => field.onChange(Number.NaN)}
        />
      )}
    />
  );
}

/** A whole or decimal number; an empty field is null. */
export function FormNumberField<T extends FieldValues>({
  step,
  ...props
}: Bound<T> & FieldProps & { step?: number }) {
  return (
    <BoundTextField
      {...props}
      type="number"
      format={(value) => (value === null || value === undefined ? '' : String(value))}
      parse={(typed) => (typed === '' ? null : Number(typed))}
      slotProps={{ htmlInput: { step, inputMode: 'decimal' } }}
    />
  );
}

export function FormSwitchField<T extends FieldValues>({
  label,
  helperText,
  testId,
  ...bound
}: Bound<T> & { label: ReactNode; helperText?: ReactNode; testId?: string }) {
  useTranslation();
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            label={label}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'data-testid': testId } as object }}
              />
            }
          />
          {(fieldState.error || helperText) && (
            <FormHelperText error={Boolean(fieldState.error)}>
              {translateValidation(fieldState.error?.message) ?? helperText}
            </FormHelperText>
          )}
        </div>
      )}
    />
  );
}

/**
 * A row of checkboxes choosing a subset of `options` (e.g. serving methods). The value keeps the
 * options' order whatever order they were ticked in.
 */
export function FormCheckboxGroupField<T extends FieldValues, V extends string>({
  label,
  options,
  optionLabel,
  ...bound
}: Bound<T> & { label: ReactNode; options: readonly V[]; optionLabel: (option: V) => ReactNode }) {
  useTranslation();
  return (
    <CellController
      {...bound}
      render={({ field, fieldState }) => {
        const current = (field.value as V[] | null | undefined) ?? [];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {options.map((option) => (
                <FormControlLabel
                  key={option}
                  label={optionLabel(option)}
                  control={
                    <Checkbox
                      checked={current.includes(option)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? options.filter((o) => o === option || current.includes(o))
                            : current.filter((o) => o !== option),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && (
              <FormHelperText>{translateValidation(fieldState.error.message)}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}

/** A row of checkboxes choosing some of `outlets` by id, each named (e.g. where a banner shows). */
export function FormOutletsField<T extends FieldValues>({
  outlets,
  ...props
}: Bound<T> & { label: ReactNode; outlets: readonly { id: string; name: string }[] | undefined }) {
  return (
    <FormCheckboxGroupField
      {...props}
      options={(outlets ?? []).map((o) => o.id)}
      optionLabel={(id) => outlets?.find((o) => o.id === id)?.name ?? id}
    />
  );
}
