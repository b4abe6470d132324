import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components under test may use the shell's strings, which the app adds when the shell loads.
import '../lib/i18n/shell-strings';

afterEach(() => {
  cleanup();
});
