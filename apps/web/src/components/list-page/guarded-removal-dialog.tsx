import { ConfirmDialog } from '../confirm-dialog';
import type { useGuardedRemoval } from './use-guarded-removal';

/** A list's delete words, under its feature's `list.` keys (`deleteMessage`, `delete` name it). */
type RemovalKey = `list.${'cannotDeleteTitle' | 'deleteTitle' | 'deleteMessage' | 'delete'}`;

/**
 * The confirm dialog of a removal the server may refuse (`useGuardedRemoval`): first "delete
 * <name>?", then, refused, the reason (test id `<name>-blocked-reason`) and the fallback instead.
 * `fallback.idle` says when the fallback cannot help (already switched off, or not the user's).
 */
export function GuardedRemovalDialog<T>({
  removal,
  name,
  t,
  labelOf,
  fallback,
}: {
  removal: ReturnType<typeof useGuardedRemoval<T>>;
  name: string;
  t: (key: RemovalKey, params?: Record<string, unknown>) => string;
  labelOf: (target: T) => string;
  fallback: { label: string; idle: (target: T) => boolean };
}) {
  const deleting = removal.pending;
  return (
    <ConfirmDialog
      open={Boolean(deleting)}
      title={deleting?.blocked ? t('list.cannotDeleteTitle') : t('list.deleteTitle')}
      message={
        deleting?.blocked ? (
          <span data-testid={`${name}-blocked-reason`}>{deleting.blocked}</span>
        ) : deleting ? (
          t('list.deleteMessage', { name: labelOf(deleting.target) })
        ) : undefined
      }
      confirmLabel={
        deleting?.blocked
          ? fallback.label
          : deleting
            ? t('list.delete', { name: labelOf(deleting.target) })
            : undefined
      }
      confirmColor={deleting?.blocked ? 'warning' : 'error'}
      confirmDisabled={Boolean(deleting?.blocked && fallback.idle(deleting.target))}
      onConfirm={removal.confirm}
      onClose={removal.cancel}
    />
  );
}
