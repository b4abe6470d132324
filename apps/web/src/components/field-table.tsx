import { halfCell } from './form-binding';
import { FormField, FormMoneyField, FormNumberField } from './form-fields';
import { FormPercentField } from './form-percent-field';

/**
 * A plain field of a form drawn from a table (`FieldTable`): a percentage, an amount, a whole
 * number (a count) or a number or code (empty is none), each half the width; or lines of text,
 * the whole width. `label` and `hint` are keys of the feature's words; `testId` names the input
 * of an amount or a code.
 */
export interface TableField<K extends string> {
  kind: 'percent' | 'money' | 'count' | 'code' | 'lines';
  name: string;
  label: K;
  hint?: K;
  testId?: string;
}

/** The fields of `rows` in their order, in the form around them (see FormControlProvider). */
export function FieldTable<K extends string>({
  rows,
  t,
  disabled,
}: {
  rows: readonly TableField<NoInfer<K>>[];
  t: (key: K) => string;
  disabled?: boolean;
}) {
  return rows.map(({ kind, name, label, hint, testId }) => {
    const field = { name, label: t(label), helperText: hint && t(hint), disabled };
    const input = testId ? { slotProps: { htmlInput: { 'data-testid': testId } } } : {};
    switch (kind) {
      case 'percent':
        return <FormPercentField key={name} cell={halfCell} {...field} />;
      case 'money':
        return <FormMoneyField key={name} cell={halfCell} {...field} {...input} />;
      case 'count':
        return <FormNumberField key={name} cell={halfCell} {...field} step={1} />;
      case 'code':
        return <FormField key={name} cell={halfCell} {...field} {...input} emptyAsNull />;
      case 'lines':
        return <FormField key={name} cell={12} {...field} emptyAsNull multiline minRows={2} />;
    }
  });
}
