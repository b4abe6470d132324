import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import { App } from './app/app';
import { reloadOnce } from './lib/chunk-reload';
import { ensureLanguage } from './lib/i18n/i18n';
import { settingsStore } from './lib/settings/settings-store';
import { setSessionRuntimeLoader } from './lib/session/session-runtime-slot';
import { startSession } from './lib/session/session-service';

// SPEC §8: a failed page load raises a preload error; reload once (a new deploy), then let the
// error reach the route's friendly error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

// A signed-in tab's runtime (lock screen, other tabs, live orders) loads once there is a session.
setSessionRuntimeLoader(() => import('./lib/session/session-runtime'));

// A Melayu user's strings load before the first paint, so the page never flashes English.
void ensureLanguage(settingsStore.getState().language).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void startSession();
});
