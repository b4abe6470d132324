import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration tests run against a fresh database per file: in-memory PGlite by default, a real
// PostgreSQL when TEST_DATABASE_URL is set (see src/test/test-app.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads on every core: each file has its own database, so files run side by side;
    // the default (forks, cores - 1) left one of CI's two cores idle (decision 024).
    pool: 'threads',
    maxWorkers: os.availableParallelism(),
  },
});
