import { storageKey } from '../../lib/app-config';

// The pending two-step challenge survives a reload of /two-steps (it expires on the server).
const KEY = storageKey('two-step');

export interface PendingChallenge {
  challengeToken: string;
  /** Query of the sign-in page (keeps "?to="). */
  search: string;
}

export function savePendingChallenge(challenge: PendingChallenge) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(challenge));
  } catch {
    // storage unavailable: the router state still carries it
  }
}

export function readPendingChallenge(): PendingChallenge | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingChallenge) : null;
  } catch {
    return null;
  }
}

export function clearPendingChallenge() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
