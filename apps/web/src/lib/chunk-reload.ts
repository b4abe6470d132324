import { storageKey } from './app-config';

// A page chunk that fails to load (usually a deploy replaced it) reloads the app once; if loading
// fails again soon after that reload, the error page is shown instead of reloading in a loop.
const RELOAD_KEY = storageKey('chunk-reload');
/** A failure this long after the last automatic reload may reload again (a later deploy). */
export const RELOAD_WINDOW_MS = 30_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

function lastReload(): number | null {
  try {
    const value = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return Date.now();
  }
}

/** Reloads once and returns true, or returns false when a reload was tried just before. */
export function reloadOnce(
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = lastReload();
  if (last !== null && now - last < RELOAD_WINDOW_MS) return false;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The error page's "Reload" button: the user asks, so the next failure may reload again. */
export function forgetReload() {
  try {
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // nothing to clear
  }
}

/** Wraps a lazy import with the reload-once rule. */
export function withChunkReload<T>(
  loader: () => Promise<T>,
  reload?: () => void,
): () => Promise<T> {
  return async () => {
    try {
      return await loader();
    } catch (error) {
      if (reloadOnce(reload)) return new Promise<T>(() => {});
      throw new ChunkLoadError(error);
    }
  };
}
