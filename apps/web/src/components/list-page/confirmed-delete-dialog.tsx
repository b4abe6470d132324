import { ConfirmDialog } from '../confirm-dialog';
import type { useConfirmedDelete } from './use-confirmed-delete';

/** A list's delete words, under its feature's `list.` keys. */
type DeleteKey = `list.${'deleteTitle' | 'deleteMessage' | 'delete'}`;

/**
 * The confirm dialog of a delete asked with `useConfirmedDelete`: "delete <name>?" and a Delete
 * <name> button. The record's name (`labelOf`) stands in the message, or in the title when the
 * feature's words put it there (`namedIn`).
 */
export function ConfirmedDeleteDialog<T>({
  deletion,
  t,
  labelOf,
  namedIn = 'message',
}: {
  deletion: ReturnType<typeof useConfirmedDelete<T>>;
  t: (key: DeleteKey, params?: Record<string, unknown>) => string;
  labelOf: (target: T) => string;
  namedIn?: 'message' | 'title';
}) {
  const { target } = deletion;
  const named = (key: DeleteKey) => (target ? t(key, { name: labelOf(target) }) : undefined);
  return (
    <ConfirmDialog
      open={Boolean(target)}
      title={namedIn === 'title' ? named('list.deleteTitle') : t('list.deleteTitle')}
      message={namedIn === 'message' ? named('list.deleteMessage') : t('list.deleteMessage')}
      confirmLabel={named('list.delete')}
      confirmColor="error"
      onConfirm={deletion.confirm}
      onClose={deletion.cancel}
    />
  );
}
