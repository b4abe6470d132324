import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { moduleSharingProjects } from '../../scripts/module-mocking-tests.mjs';

// Integration tests run against a fresh database per file: in-memory PGlite by default, a real
// PostgreSQL when TEST_DATABASE_URL is set (see src/test/test-app.ts).

export default defineConfig({
  test: {
    // One migrated, seeded database per run that test apps start from (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker per core: each file has its own database, so files run side by side; the default
    // (cores - 1) left one of CI's two cores idle. Processes, not threads: PGlite's WebAssembly in
    // several threads of one process races V8's JIT-page registry on CPUs with memory protection
    // keys and aborts the whole run (nodejs/node#64500; seen here 2026-11-25). Decision 024.
    pool: 'forks',
    maxWorkers: os.availableParallelism(),
    // A worker imports the server's modules once and runs file after file on them: the import
    // was three quarters of the suite's time. Files share no state through modules (each builds
    // its own app on its own database); files that mock modules run isolated. Decision 024.
    projects: moduleSharingProjects(import.meta.dirname, ['src/**/*.test.ts']),
  },
});
