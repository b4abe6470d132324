import { useState } from 'react';
import { HttpError } from '../lib/http/http-client';

/**
 * The status moves a record's details page makes (an order's, a refund's): the move on its way
 * (`busy`), the one a dialog asks about (`asking`) and `run`, which makes one. A move done, or
 * refused with a 409 (someone moved it first: the HTTP client toasts the server's reason, and the
 * refreshed record shows what is possible now), closes the dialog; `onSettled` refreshes the
 * record either way. A move that comes back empty (a manager's PIN cancelled) changes nothing.
 */
export function useStatusMove<S extends string, A extends string>(onSettled: () => unknown) {
  const [busy, setBusy] = useState<S | null>(null);
  const [asking, setAsking] = useState<A | null>(null);
  const run = async <T>(
    status: S,
    move: () => Promise<T | null | undefined>,
    onMoved: (moved: T) => void,
  ) => {
    setBusy(status);
    try {
      const moved = await move();
      if (!moved) return;
      onMoved(moved);
      setAsking(null);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) setAsking(null);
    } finally {
      setBusy(null);
      await onSettled();
    }
  };
  return { busy, asking, setAsking, run };
}
