import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  businessPages,
  openSettledInApp,
  platformPages,
  seriousViolations,
} from '../support/every-page';
import { signIn } from '../support/session';

// No serious or critical accessibility violations (axe-core) on any page of the back office, in
// the light theme (every rule) and in the dark (the rules that read colours): the platform's
// pages as the superadmin sees them, a business's as its admin does (every one of its pages is
// theirs), each scanned once it has settled. The menu marks one link as the page.

test.use({ viewport: { width: 1280, height: 800 } });
// A scan takes a few seconds on a busy 2-core machine; some fifty pages a journey. The four
// journeys are independent: each worker takes the next (support/servers.ts).
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

// The dark theme changes colours and nothing else.
const colourRules = ['color-contrast', 'link-in-text-block'] as const;

/** Sets the theme (the preferences cookie the app starts from) and checks it took. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.context().addCookies([{ name: 'kopi-hq-theme', value: theme, url: page.url() }]);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.colorScheme))
    .toBe(theme);
}

/** Each page's violations, by path: {} when every page passes. */
async function scanAll(page: Page, paths: string[], theme: 'light' | 'dark') {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await openSettledInApp(page, path);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme), path).toBe(theme);
    const violations = await seriousViolations(page, theme === 'dark' ? colourRules : undefined);
    // One entry of the menu is the page, never two (a section and its sub-page).
    const current = await page.locator('nav [aria-current="page"]').count();
    if (current > 1) violations.push(`aria-current: ${current} menu links are the page`);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`every page in the ${theme} theme has no serious violations`, () => {
    test("the platform's pages", async ({ page }) => {
      await signIn(page, 'superadmin');
      await useTheme(page, theme);
      expect(await scanAll(page, platformPages, theme)).toEqual({});
    });

    test("a business's pages", async ({ page }) => {
      await signIn(page, 'admin');
      await useTheme(page, theme);
      expect(await scanAll(page, await businessPages(page), theme)).toEqual({});
    });
  });
}

test('the app moves less when the device asks for less motion (WCAG 2.3.3)', async ({ page }) => {
  // The longest of an element's transition durations, in seconds.
  const longestTransition = () =>
    page.getByTestId('login-submit').evaluate((el) =>
      Math.max(
        ...getComputedStyle(el)
          .transitionDuration.split(',')
          .map((s) => parseFloat(s)),
      ),
    );
  await page.goto('/login');
  // Journeys ask for less motion (playwright.config.ts): the button's colour changes at once.
  expect(await longestTransition()).toBeLessThan(0.001);
  // Without the request it eases over MUI's usual quarter of a second.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await longestTransition()).toBeGreaterThanOrEqual(0.2);
});
