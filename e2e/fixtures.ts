import { test as base, expect, type Page } from '@playwright/test';

// Every journey fails on a console error or an uncaught page error ("no console errors").
// Chromium itself logs every 4xx answer as a console error ("Failed to load resource"); a journey
// that provokes one on purpose (a wrong password, a revoked session) lists that status in
// `expectedHttpStatuses`, and only that status is let through.
export const test = base.extend<{ expectedHttpStatuses: number[]; consoleErrors: string[] }>({
  expectedHttpStatuses: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedHttpStatuses }, use) => {
      const errors: string[] = [];
      watchConsole(page, errors, expectedHttpStatuses);
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

const failedResource = /^Failed to load resource: the server responded with a status of (\d{3})/;

export function watchConsole(page: Page, errors: string[], expectedHttpStatuses: number[] = []) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const status = failedResource.exec(msg.text())?.[1];
    if (status && expectedHttpStatuses.includes(Number(status))) return;
    errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
}

export { expect };

export const demoPassword = 'Kopi@1234';

/**
 * How long a change made on one screen may take to show on another that follows it live. Well
 * under the polls that would also bring it (the POS's context every 60 s, its menu every 120 s,
 * the dashboard every 5 min while live), so arriving in time still proves the live link; well over
 * what a busy 2-core machine takes.
 */
export const LIVE_MS = 15_000;
