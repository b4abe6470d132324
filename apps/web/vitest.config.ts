import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { moduleSharingProjects } from '../../scripts/module-mocking-tests.mjs';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Worker threads on every core: jsdom starts faster in a thread than in a forked process
    // (decision 024).
    pool: 'threads',
    maxWorkers: os.availableParallelism(),
    // A form test types and clicks through a whole drawer: on a busy 2-core machine that can
    // take several seconds, so the default 5 s would fail a correct form.
    testTimeout: 30_000,
    // A worker imports the app's modules and jsdom once and runs file after file on them, half
    // the suite's time; src/test/setup.ts resets what modules keep between tests (the DOM, toasts,
    // the language); files that mock modules run isolated. Decision 024.
    projects: moduleSharingProjects(import.meta.dirname, ['src/**/*.test.{ts,tsx}']),
  },
});
