import { can } from '@kopi/contract';
import { sessionStore } from '../../lib/session/session-store';
import { createStore, useStore } from '../../lib/store';
import { usePosTill } from '../../lib/pos-till';
import { useCurrentShifts, useTills } from './api';

// This device's till and its shift at an outlet (tills per device): the POS's top bar
// shows them and the sale checks them before Pay. A device that has not chosen a till uses the
// outlet's only till; with several it must choose (another device's shift is not this one's).

export function usePosShiftState(outletId: string | null) {
  // The POS has no CASL shell: the session's abilities say what this user may do with shifts.
  const abilities = useStore(sessionStore, (s) => s.abilities);
  const mayOpen = can(abilities, 'create', 'shift');
  const mayRead = mayOpen || can(abilities, 'read', 'shift');
  const current = useCurrentShifts(mayRead ? outletId : null);
  const tills = useTills(mayRead ? outletId : null);
  const chosen = usePosTill(outletId);
  const list = tills.data ?? [];
  const till = list.find((x) => x.id === chosen) ?? (list.length === 1 ? list[0]! : null);
  const shift = till ? (current.data?.shifts.find((s) => s.till_id === till.id) ?? null) : null;
  const loaded = current.data !== undefined && tills.data !== undefined;
  const required = current.data?.shifts_required ?? false;
  return {
    loaded,
    mayOpen,
    mayMove: can(abilities, 'update', 'shift'),
    tills: list,
    /** The device's till; null while it has not chosen one of several. */
    till,
    /** The open shift on the device's till. */
    shift,
    required,
    /** A cash out above this many sen needs a manager's PIN (null: never). */
    cashOutApprovalOver: current.data?.cash_out_approval_over ?? null,
    /** Selling waits: shifts are required and this device's till has none open. */
    missing: loaded && required && shift === null,
  };
}

/** Pay asks the top bar's shift control to open a shift (or choose a till) for this device. */
const askStore = createStore(0);
export const askForShift = () => askStore.setState((n) => n + 1);
export const useShiftAsks = () => useStore(askStore, (n) => n);
