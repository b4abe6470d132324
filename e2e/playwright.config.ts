import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Journeys run in Debian's Chromium against the real server and the built web app, on a fresh
// embedded database seeded with demo data. Port 3100 so a dev server on 3000 is left alone;
// E2E_PORT and E2E_DATA_DIR let two runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');
export const baseURL = `http://127.0.0.1:${port}`;
/** Where the payment-gateway journey runs its fake Billplz, which the server is pointed at. */
export const fakeBillplzPort = port + 1000;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: journeys share the demo users and a single embedded database.
  workers: 1,
  // CI retries a journey once so one race does not sink a long run; the summary names every
  // journey that needed it (scripts/test-all.mjs), and such a race is fixed first.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // The day-close journey closes KL01's business day, after which KL01 sells nothing more today:
  // it runs last, in its own project that depends on every other journey.
  projects: [
    { name: 'journeys', testIgnore: /day-close\// },
    { name: 'day-close', testMatch: /day-close\/.*\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/e2e.json' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node -e "require('fs').rmSync(process.argv[1],{recursive:true,force:true})" "${dataDir}" && npm run start -w @kopi/server`,
    cwd: path.join(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      KOPI_E2E: '1',
      KOPI_E2E_BILLPLZ_URL: `http://127.0.0.1:${fakeBillplzPort}`,
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; keep the per-address limit out of the way.
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
