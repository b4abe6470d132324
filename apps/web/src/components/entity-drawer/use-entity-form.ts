import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { applyServerErrors, unplacedRefusal } from '../../lib/form-errors';
import { HttpError } from '../../lib/http/http-client';

/** What a create-or-edit drawer or dialog takes besides its record: open or not, close, save. */
export interface DrawerFormProps<TOutput> {
  open: boolean;
  onClose: () => void;
  /** Saves the checked values; a refusal it throws is placed on the form's fields. */
  onSubmit: (values: TOutput) => Promise<void>;
}

/**
 * The react-hook-form of a create-or-edit drawer or dialog: filled from `record` (or `blank`) each
 * time it opens, and a server's refusal placed on the fields it names. A refusal whose code is in
 * `refusedFields` (a 409 about one field) is shown on that field as well. `onRefused` hears of the
 * refusal too, with how many fields were marked (for a message about the rest). With
 * `networkMessage`, a refusal no field shows (or no answer at all) becomes `failure`, cleared on
 * the next save and on close.
 *
 * `frame` holds what `EntityDrawer` and `FormDialog` take from the form, spread onto them.
 */
export function useEntityForm<TRecord, TValues extends FieldValues, TOutput = TValues>({
  open,
  record,
  blank,
  valuesOf,
  resolver,
  fields,
  mapPath,
  refusedFields,
  onSubmit,
  onRefused,
  onClose,
  networkMessage,
}: {
  open: boolean;
  record: TRecord | null;
  blank: TValues;
  valuesOf: (record: TRecord) => TValues;
  resolver: Resolver<TValues, unknown, TOutput>;
  /** The form's fields a server error may name. */
  fields: readonly string[];
  mapPath?: (path: string) => string | null;
  /** The field each refusal code concerns. */
  refusedFields?: Record<string, Path<TValues>>;
  onSubmit: (values: TOutput) => Promise<void>;
  onRefused?: (error: unknown, placed: number) => void;
  onClose?: () => void;
  networkMessage?: string;
}) {
  const form = useForm<TValues, unknown, TOutput>({ resolver, defaultValues: blank as never });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) form.reset(record ? valuesOf(record) : blank);
    // Filled when it opens or gets another record: a caller's new valuesOf each render must not
    // reset what the user is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, fields, mapPath);
      const refused =
        error instanceof HttpError ? refusedFields?.[error.codeMessage ?? ''] : undefined;
      if (refused) form.setError(refused, { type: 'server', message: (error as Error).message });
      onRefused?.(error, placed);
      if (networkMessage !== undefined) setFailure(unplacedRefusal(error, placed, networkMessage));
    }
  });
  const close = () => {
    setFailure(null);
    onClose?.();
  };
  const busy = form.formState.isSubmitting;
  return {
    form,
    submit,
    busy,
    failure,
    close,
    frame: { control: form.control, open, busy, onClose: close, onSubmit: submit },
  };
}
