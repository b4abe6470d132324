import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Worker threads on every core: jsdom starts faster in a thread than in a forked process
    // (decision 024).
    pool: 'threads',
    maxWorkers: os.availableParallelism(),
    // A form test types and clicks through a whole drawer: on a busy 2-core machine that can
    // take several seconds, so the default 5 s would fail a correct form.
    testTimeout: 30_000,
  },
});
