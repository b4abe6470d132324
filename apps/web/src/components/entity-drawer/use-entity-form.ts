import { useEffect } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '../../lib/form-errors';

/**
 * The react-hook-form of a create-or-edit drawer or dialog: filled from `record` (or `blank`) each
 * time it opens, and a server's refusal placed on the fields it names. `onRefused` hears of the
 * refusal too, with how many fields were marked (for a message about the rest).
 */
export function useEntityForm<TRecord, TValues extends FieldValues, TOutput = TValues>({
  open,
  record,
  blank,
  valuesOf,
  resolver,
  fields,
  mapPath,
  onSubmit,
  onRefused,
}: {
  open: boolean;
  record: TRecord | null;
  blank: TValues;
  valuesOf: (record: TRecord) => TValues;
  resolver: Resolver<TValues, unknown, TOutput>;
  /** The form's fields a server error may name. */
  fields: readonly string[];
  mapPath?: (path: string) => string | null;
  onSubmit: (values: TOutput) => Promise<void>;
  onRefused?: (error: unknown, placed: number) => void;
}) {
  const form = useForm<TValues, unknown, TOutput>({ resolver, defaultValues: blank as never });
  useEffect(() => {
    if (open) form.reset(record ? valuesOf(record) : blank);
    // Filled when it opens or gets another record: a caller's new valuesOf each render must not
    // reset what the user is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, fields, mapPath);
      onRefused?.(error, placed);
    }
  });
  return { form, submit, busy: form.formState.isSubmitting };
}
