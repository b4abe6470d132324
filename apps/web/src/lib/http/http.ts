import { i18n, translateErrorCode } from '../i18n/i18n';
import { clearAccessToken, sessionStore } from '../session/session-store';
import { toast } from '../toasts';
import { createHttpClient, type HttpDeps } from './http-client';

type Listener = () => void;

// Keys are built at run time here; the typed t() only takes literal keys.
const translate = i18n.t as unknown as (key: string, params?: object) => string;
const unauthorizedListeners = new Set<Listener>();

/** The app registers navigation to the sign-in page here (lib never imports the router). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** The app's client wiring; file transfers (upload progress, downloads) reuse it (transfer.ts). */
export const httpDeps: HttpDeps = {
  fetch: (...args) => fetch(...args),
  getToken: (kind) => {
    const state = sessionStore.getState();
    return kind === 'access' ? state.token : state.refreshToken;
  },
  onUnauthorized: () => {
    clearAccessToken();
    for (const listener of unauthorizedListeners) listener();
  },
  notify: (type, message) => toast[type](message),
  message: (key, params) => translate(`http.${key}`, params),
  translateCode: translateErrorCode,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  uuid: () => crypto.randomUUID(),
};

export const http = createHttpClient(httpDeps);
