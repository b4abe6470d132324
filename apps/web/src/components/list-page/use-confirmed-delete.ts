import { useState } from 'react';
import { toast } from '../../lib/toasts';

/**
 * Deleting a record after the user confirms: which record is asked about, and the delete that
 * says so and refreshes the list. A refusal (in use meanwhile) is the HTTP client's to report.
 */
export function useConfirmedDelete<T>({
  remove,
  refresh,
  doneMessage,
}: {
  remove: (target: T) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  doneMessage: string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      await remove(target);
      toast.success(doneMessage);
      await refresh();
    } catch {
      // reported by the HTTP client (e.g. role_in_use, menu_item_has_children)
    }
    setTarget(null);
  };
  return { target, ask: setTarget, cancel: () => setTarget(null), confirm };
}
