import type { Principal } from './principal';

// Every staff request used to load its principal from the database: one round trip of three or
// four per request, a quarter of a report's work (decision 025). The cache keeps what
// loadSessionPrincipal returned, per session, until something that could change it commits: the
// database announces those changes (migration 0015) and Database.watchCaches delivers an
// announcement made through this instance before the write resolves, so "disabled, signed out,
// suspended: refused at once" still holds here, and within milliseconds on other instances.

export type PrincipalLoader = (
  sessionId: string,
  userId: string,
) => Promise<{ principal: Principal; sessionExpiresAt: Date } | null>;

export interface PrincipalCacheOptions {
  /** Belt and braces: an entry is read again after this long whatever was announced. */
  ttlMs?: number;
  /** Entries kept at most; past it the cache starts afresh (sessions are few per shop). */
  maxEntries?: number;
  now?: () => number;
}

export interface PrincipalCache {
  load(sessionId: string, userId: string): Promise<Principal | null>;
  /** Forgets everything: called on each announcement of CACHE_CHANNEL's 'principals' (or '*'). */
  clear(): void;
  stats(): { hits: number; misses: number; size: number };
}

interface Entry {
  userId: string;
  principal: Principal;
  /** The earlier of the session's expiry and the entry's time to live, in ms. */
  validUntil: number;
}

export const PRINCIPALS_CACHE = 'principals';

export function createPrincipalCache(
  loader: PrincipalLoader,
  options: PrincipalCacheOptions = {},
): PrincipalCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped by every clear: a load that was running when a change committed may have read the
  // old rows, so its answer is used for that request but not kept.
  let generation = 0;
  let hits = 0;
  let misses = 0;

  // A copy per request: a handler changing its principal must not change another request's.
  const copy = (p: Principal): Principal => ({ ...p, permissions: [...p.permissions] });

  return {
    async load(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (entry && entry.userId === userId && entry.validUntil > now()) {
        hits++;
        return copy(entry.principal);
      }
      misses++;
      const started = generation;
      const loaded = await loader(sessionId, userId);
      if (!loaded) {
        entries.delete(sessionId);
        return null;
      }
      if (generation === started) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(sessionId, {
          userId,
          principal: loaded.principal,
          validUntil: Math.min(loaded.sessionExpiresAt.getTime(), now() + ttlMs),
        });
      }
      return copy(loaded.principal);
    },
    clear() {
      generation++;
      entries.clear();
    },
    stats: () => ({ hits, misses, size: entries.size }),
  };
}
