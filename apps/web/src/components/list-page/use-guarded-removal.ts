import { useState } from 'react';
import { HttpError } from '../../lib/http/http-client';
import { toast } from '../../lib/toasts';

/**
 * Removing a record the server may refuse to remove because it is in use (409: staff, orders,
 * sales). The refusal's reason is kept, so the confirm dialog can say why and offer `fallback`
 * (disable, archive) instead. `silent` tells which removals ask the HTTP client not to toast
 * their errors, so that this hook reports them.
 */
export function useGuardedRemoval<T>({
  remove,
  fallback,
  refresh,
  silent = () => true,
}: {
  remove: (target: T) => Promise<void>;
  fallback: (target: T) => Promise<void>;
  refresh: () => Promise<unknown>;
  silent?: (target: T) => boolean;
}) {
  const [pending, setPending] = useState<{ target: T; blocked?: string } | null>(null);
  const confirm = async () => {
    if (!pending) return;
    const { target, blocked } = pending;
    try {
      await (blocked ? fallback(target) : remove(target));
      setPending(null);
      await refresh();
    } catch (error) {
      if (error instanceof HttpError && error.status === 409)
        setPending({ target, blocked: error.message });
      else {
        if (error instanceof HttpError && !blocked && silent(target)) toast.error(error.message);
        setPending(null);
      }
    }
  };
  return {
    pending,
    /** Asks to remove `target`; with `blocked`, the reason it cannot be, known beforehand. */
    ask: (target: T, blocked?: string) => setPending({ target, blocked }),
    cancel: () => setPending(null),
    confirm,
  };
}
