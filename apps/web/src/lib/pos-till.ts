// The till this POS rings sales up on, per outlet, kept on the device: a tablet stays at its
// register. The shift controls choose it (the till a shift was opened on); the sale body sends it
// so the sale goes into that till's shift (without one the server takes the outlet's first till).

const keyOf = (outletId: string) => `kopi.pos.till.${outletId}`;

export function posTillOf(outletId: string): string | null {
  try {
    return window.localStorage.getItem(keyOf(outletId));
  } catch {
    return null;
  }
}

export function choosePosTill(outletId: string, tillId: string) {
  try {
    window.localStorage.setItem(keyOf(outletId), tillId);
  } catch {
    // Private mode without storage: sales go to the outlet's first till.
  }
}

/** `{ till_id }` for a sale body when this device has chosen a till at the outlet. */
export function posTillField(outletId: string): { till_id?: string } {
  const tillId = posTillOf(outletId);
  return tillId ? { till_id: tillId } : {};
}
