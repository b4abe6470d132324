import { DateField } from './date-field';

export interface DateRangeFieldsProps {
  from: string | undefined;
  to: string | undefined;
  /** Called with the changed bound; an emptied field gives undefined. */
  onChange: (range: { from?: string | undefined; to?: string | undefined }) => void;
  labels: { from: string; to: string; badRange: string };
  /** Each field's test id is `${testIdPrefix}-from` / `-to`. */
  testIdPrefix: string;
}

/** A list's from/to date filters: each bounds the other, and a reversed range says so. */
export function DateRangeFields({
  from,
  to,
  onChange,
  labels,
  testIdPrefix,
}: DateRangeFieldsProps) {
  const badRange = Boolean(from && to && from > to);
  const field = (key: 'from' | 'to') => (
    <DateField
      optional
      label={labels[key]}
      value={(key === 'from' ? from : to) ?? ''}
      onCommit={(iso) => onChange({ [key]: iso || undefined })}
      error={badRange}
      helperText={badRange && key === 'from' ? labels.badRange : undefined}
      sx={{ width: 170 }}
      testId={`${testIdPrefix}-${key}`}
      max={key === 'from' ? to : undefined}
      min={key === 'to' ? from : undefined}
    />
  );
  return (
    <>
      {field('from')}
      {field('to')}
    </>
  );
}
