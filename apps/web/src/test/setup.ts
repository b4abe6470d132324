import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components under test may use the shell's strings, which the app adds when the shell loads.
import '../lib/i18n/shell-strings';
import { setSessionRuntimeLoader } from '../lib/session/session-runtime-slot';

// As the app's entry does: a signed-in tab's runtime loads once there is a session.
setSessionRuntimeLoader(() => import('../lib/session/session-runtime'));

// findBy… and waitFor wait this long before failing: a debounced search answered by a mocked
// fetch took over the default second on a machine busy with other suites.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
