// This device's own random id, kept in the browser: a manager's wrong PINs are counted per
// approver and device, so one till's mistakes do not hold back another's (decision 055).

const KEY = 'kopi.device.id';
let fallback: string | null = null;

export function deviceId(): string {
  try {
    const kept = window.localStorage.getItem(KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    // Private mode without storage: one id for as long as the page lives.
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
