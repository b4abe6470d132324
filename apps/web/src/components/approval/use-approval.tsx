import { useRef, useState } from 'react';
import type { ApprovalAction, ApprovalInput } from '@kopi/contract';
import { needsApproval } from '@kopi/contract';
import { HttpError } from '../../lib/http/http-client';
import { useSession } from '../../lib/session/session-store';
import { ApprovalDialog } from './approval-dialog';

// One way for a till action to ask for a manager's PIN. `withApproval` runs the action at once
// when the user holds its permission (the contract's needsApproval, the server's rule); else it
// opens the dialog and runs the action with the approval the manager types, keeping the dialog
// open with the server's message while the PIN is wrong. It settles with the action's answer, or
// with undefined when the cashier cancels. The action sends its request silently while it
// carries an approval: the dialog shows its failure instead of a toast.

interface Pending {
  action: ApprovalAction;
  outletId: string;
  summary?: string;
  run: (approval: ApprovalInput) => Promise<unknown>;
  settle: (value: unknown) => void;
  fail: (error: unknown) => void;
}

export interface ApprovalRequest {
  action: ApprovalAction;
  outletId: string;
  summary?: string;
  /** Asks approval whatever the permissions (a cash out over the limit, a variance). */
  always?: boolean;
}

export function useApproval() {
  const permissions = useSession().permissions;
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<Pending | null>(null);

  function withApproval<T>(
    request: ApprovalRequest,
    run: (approval: ApprovalInput | undefined) => Promise<T>,
  ): Promise<T | undefined> {
    const needed = request.always === true || needsApproval(request.action, new Set(permissions));
    if (!needed) return run(undefined);
    return new Promise<T | undefined>((resolve, reject) => {
      const next: Pending = {
        ...request,
        run: (approval) => run(approval),
        settle: (value) => resolve(value as T | undefined),
        fail: reject,
      };
      current.current = next;
      setError(null);
      setPending(next);
    });
  }

  const close = () => {
    current.current = null;
    setPending(null);
    setError(null);
  };

  const dialog = pending ? (
    <ApprovalDialog
      open
      action={pending.action}
      outletId={pending.outletId}
      summary={pending.summary}
      error={error}
      busy={busy}
      onCancel={() => {
        // While the approved request is on its way its answer decides (Escape waits too).
        if (busy) return;
        pending.settle(undefined);
        close();
      }}
      onApprove={(approval) => {
        setBusy(true);
        setError(null);
        pending
          .run(approval)
          .then((value) => {
            pending.settle(value);
            close();
          })
          .catch((failure: unknown) => {
            if (failure instanceof HttpError) setError(failure.message);
            else {
              pending.fail(failure);
              close();
            }
          })
          .finally(() => setBusy(false));
      }}
    />
  ) : null;

  return { withApproval, dialog };
}
