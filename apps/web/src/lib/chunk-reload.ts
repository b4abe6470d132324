import { storageKey } from './app-config';

// A page chunk that fails to load (usually a deploy replaced it) reloads the app once; if it
// fails again the error page is shown instead of reloading in a loop.
const RELOAD_KEY = storageKey('chunk-reload');

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

function read(): boolean {
  try {
    return sessionStorage.getItem(RELOAD_KEY) !== null;
  } catch {
    return true;
  }
}

/** Reloads once and returns true, or returns false when a reload was already tried. */
export function reloadOnce(reload: () => void = () => window.location.reload()): boolean {
  if (read()) return false;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A chunk loaded fine: a later failure may reload again. */
export function chunkLoaded() {
  try {
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // nothing to clear
  }
}

export function forgetReload() {
  chunkLoaded();
}

export const isChunkLoadError = (error: unknown) =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    ));

/** Wraps a lazy import with the reload-once rule. */
export function withChunkReload<T>(
  loader: () => Promise<T>,
  reload?: () => void,
): () => Promise<T> {
  return async () => {
    try {
      const loaded = await loader();
      chunkLoaded();
      return loaded;
    } catch (error) {
      if (reloadOnce(reload)) return new Promise<T>(() => {});
      throw new ChunkLoadError(error);
    }
  };
}
