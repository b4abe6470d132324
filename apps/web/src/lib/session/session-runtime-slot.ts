import type { AppSettingEntry } from '@kopi/contract';

// Where the session's core (session-service.ts, loaded by the sign-in pages) finds what a
// signed-in tab adds (session-runtime.ts, loaded once there is a session). The core never names
// the runtime: the runtime registers itself here when it loads, and the app's entry says how to
// load it, so the sign-in pages stay small and the two modules import each other only one way.

export interface SessionRuntime {
  /** A session was set up or renewed (restart the socket, reconcile settings…). */
  established: (source: 'login' | 'refresh' | 'unlock', settingsDiffer: boolean) => void;
  appSettingsLoaded: (entries: AppSettingEntry[]) => void;
  signingOut: () => void;
}

let runtime: SessionRuntime | null = null;
let loader: (() => Promise<unknown>) | null = null;

export function registerSessionRuntime(next: SessionRuntime) {
  runtime = next;
}

/** The runtime if it has loaded. */
export const sessionRuntime = () => runtime;

/** How to load the runtime (the app's entry gives a dynamic import of session-runtime.ts). */
export function setSessionRuntimeLoader(load: () => Promise<unknown>) {
  loader = load;
}

/** Loads the runtime (once; a failed chunk leaves the tab without it) and gives it, if any. */
export async function loadSessionRuntime(): Promise<SessionRuntime | null> {
  if (!runtime && loader) await loader().catch(() => undefined);
  return runtime;
}
