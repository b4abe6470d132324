import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeBillplzPortOf, serverCount, serverIndex, serverUrl } from './support/servers';

// Journeys run in Debian's Chromium against the real server and the built web app, each worker
// against a server of its own on a fresh embedded database seeded with demo data
// (support/servers.ts). Ports from 3100 so a dev server on 3000 is left alone; E2E_PORT and
// E2E_DATA_DIR let two runs share a machine.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');

export default defineConfig({
  testDir: './tests',
  // Room for two workers sharing two cores: a page's first paint has taken over 10 s there, and
  // a journey that passes in 40 s alone has taken 60. Only a failure waits this long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // A file's journeys run in turn, in one worker, on that worker's server.
  fullyParallel: false,
  workers: serverCount,
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
    baseURL: serverUrl(serverIndex),
    // A click, a fill or a wait for an answer that never comes fails on its own, naming its
    // locator or URL, instead of running on into the journey's timeout with nothing said of the
    // step that hung. Well over the expect timeout, for a busy machine.
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    // The trace keeps the DOM at each step, without the screencast: its screenshots doubled
    // Chromium's CPU (its GPU and browser processes) for a failure's picture that
    // `screenshot` keeps anyway.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Journeys ask for less motion, which the app honours: a click never lands on a menu or a
    // collapse still moving (Playwright's scroll-into-view scrolls a collapse that is still
    // opening, and the link slid away between the press and the release).
    reducedMotion: 'reduce',
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
  webServer: Array.from({ length: serverCount }, (_, index) => {
    const dir = `${dataDir}-${index}`;
    const url = serverUrl(index);
    return {
      command: `node -e "require('fs').rmSync(process.argv[1],{recursive:true,force:true})" "${dir}" && npm run start -w @kopi/server`,
      cwd: path.join(import.meta.dirname, '..'),
      url: `${url}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: new URL(url).port,
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_DEMO: 'true',
        KOPI_E2E: '1',
        KOPI_E2E_BILLPLZ_URL: `http://127.0.0.1:${fakeBillplzPortOf(index)}`,
        LOG_LEVEL: 'warn',
        // Every journey signs in from 127.0.0.1; keep the per-address limit out of the way.
        LOGIN_RATE_LIMIT: '1000',
      },
    };
  }),
});
