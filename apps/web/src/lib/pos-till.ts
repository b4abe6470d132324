import { createStore, useStore } from './store';

// The till this POS rings sales up on, per outlet, kept on the device: a tablet stays at its
// register (decision: tills per device). The shift controls choose it (the till chooser, or the
// till a shift was opened on); the sale body sends it so the sale goes into that till's shift
// (without one the server takes the outlet's first till). A store keeps every reader in step
// when the device switches till.

const keyOf = (outletId: string) => `kopi.pos.till.${outletId}`;

function stored(outletId: string): string | null {
  try {
    return window.localStorage.getItem(keyOf(outletId));
  } catch {
    return null;
  }
}

/** The choices made since the page loaded (the storage is read once per outlet). */
const tillStore = createStore<Readonly<Record<string, string | null>>>({});

export function posTillOf(outletId: string): string | null {
  const known = tillStore.getState()[outletId];
  return known !== undefined ? known : stored(outletId);
}

export function choosePosTill(outletId: string, tillId: string) {
  try {
    window.localStorage.setItem(keyOf(outletId), tillId);
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
  tillStore.setState((s) => ({ ...s, [outletId]: tillId }));
}

/** The device's till at the outlet, re-read when the device switches. */
export function usePosTill(outletId: string | null): string | null {
  return useStore(tillStore, () => (outletId ? posTillOf(outletId) : null));
}

/** `{ till_id }` for a sale body when this device has chosen a till at the outlet. */
export function posTillField(outletId: string): { till_id?: string } {
  const tillId = posTillOf(outletId);
  return tillId ? { till_id: tillId } : {};
}
