import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components under test may use the shell's strings, which the app adds when the shell loads.
import '../lib/i18n/shell-strings';
import { i18n } from '../lib/i18n/i18n';
import { resetToasts } from '../lib/toasts';
import { setSessionRuntimeLoader } from '../lib/session/session-runtime-slot';

// As the app's entry does: a signed-in tab's runtime loads once there is a session.
setSessionRuntimeLoader(() => import('../lib/session/session-runtime'));

// findBy… and waitFor wait this long before failing: a debounced search answered by a mocked
// fetch took over the default second on a machine busy with other suites.
configure({ asyncUtilTimeout: 10_000 });

// Files share a worker's modules (decision 024): what a module keeps between tests is reset here.
afterEach(async () => {
  cleanup();
  resetToasts();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
