import { useState } from 'react';
import { toast } from '../../lib/toasts';

/**
 * Which record a list page's create-or-edit form is open for (`record` null: a new one), and the
 * save: create or update, say so, close the form and refresh the list. A refusal propagates, so
 * the form can show it.
 */
export function useEntityEditor<TRecord extends { id: string }, TInput>({
  create,
  update,
  refresh,
  createdMessage,
  savedMessage,
}: {
  create: (values: TInput) => Promise<unknown>;
  update: (id: string, values: TInput) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  createdMessage: string;
  savedMessage: string;
}) {
  const [editing, setEditing] = useState<{ record: TRecord | null } | null>(null);
  const record = editing?.record ?? null;
  const submit = async (values: TInput) => {
    if (record) await update(record.id, values);
    else await create(values);
    toast.success(record ? savedMessage : createdMessage);
    setEditing(null);
    await refresh();
  };
  const open = Boolean(editing);
  const close = () => setEditing(null);
  return {
    open,
    record,
    openCreate: () => setEditing({ record: null }),
    openEdit: (next: TRecord) => setEditing({ record: next }),
    close,
    submit,
    /** The form's open, close and save, spread onto its drawer or dialog. */
    form: { open, onClose: close, onSubmit: submit },
  };
}

/** A feature's strings that hold its editor's toasts. */
type SavedStrings = (key: 'form.created' | 'form.saved') => string;

/** useEntityEditor of a feature whose strings say `form.created` and `form.saved`. */
export function useFormEditor<TRecord extends { id: string }, TInput>(
  create: (values: TInput) => Promise<unknown>,
  update: (id: string, values: TInput) => Promise<unknown>,
  refresh: () => Promise<unknown>,
  t: SavedStrings,
) {
  const messages = { createdMessage: t('form.created'), savedMessage: t('form.saved') };
  return useEntityEditor<TRecord, TInput>({ create, update, refresh, ...messages });
}
