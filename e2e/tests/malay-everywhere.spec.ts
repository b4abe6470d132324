import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { englishOnPage, englishStrings } from '../support/english-left';
import { businessPages, openSettledInApp, platformPages } from '../support/every-page';
import { chooseLanguage, restoreEnglish, signIn } from '../support/session';

// Every page of the back office in Malay shows no string of the web's English tables: the
// platform's pages as the superadmin sees them, a business's as its admin does, each opened inside
// the app (as its menu opens it) and read once it has settled. One run names every English string
// on every page, by path.

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 240_000 });

const strings = englishStrings();

/** Pages whose form (a drawer or dialog) is read too, opened from the button with this test id. */
const forms: Record<string, string> = {
  '/outlet': 'outlet-add',
  '/customer/membership': 'tier-add',
  '/voucher': 'voucher-add',
  '/voucher/rewards': 'reward-add',
  '/user-app/banner': 'banner-add',
  '/ge/payment-gateway': 'payment-gateway-add',
  '/settings/user': 'user-add',
  '/settings/role': 'role-add',
  '/tenant': 'tenant-add',
  '/ge/content-text': 'default-text-add',
};

/** The English strings on each page (and its form), by path: {} when every page is all Malay. */
async function englishOnPages(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  const read = async (where: string, path: string) => {
    const english = await englishOnPage(page, path, strings);
    if (english.length > 0) found[where] = english;
  };
  for (const path of paths) {
    await openSettledInApp(page, path);
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe('ms');
    await read(path, path);
    const form = forms[path];
    if (form) {
      await page.getByTestId(form).click({ timeout: 10_000 });
      await page.locator('.MuiDrawer-paper, [role="dialog"]').first().waitFor({ timeout: 10_000 });
      await page
        .locator('.MuiSkeleton-root')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 });
      await read(`${path} (form)`, path);
    }
  }
  return found;
}

test.describe("the platform's pages", () => {
  test.afterEach(async ({ browser }) => {
    // The language is saved for the user: give the other journeys their English back.
    await restoreEnglish(browser, 'superadmin');
  });

  test('in Malay show no English strings', async ({ page }) => {
    await signIn(page, 'superadmin');
    await chooseLanguage(page, 'my');
    expect(await englishOnPages(page, platformPages)).toEqual({});
  });
});

test.describe("a business's pages", () => {
  test.afterEach(async ({ browser }) => {
    await restoreEnglish(browser, 'admin');
  });

  test('in Malay show no English strings', async ({ page }) => {
    await signIn(page, 'admin');
    // The check finds what it looks for: the English dashboard is full of English strings.
    expect(strings.exact.size).toBeGreaterThan(2000);
    const inEnglish = await englishOnPage(page, '/dashboard', strings);
    expect(inEnglish).toContainEqual(expect.stringMatching(/: "Dashboard" ← .*translation:/));
    expect(inEnglish).toContainEqual(expect.stringMatching(/← .*dashboardFigures:/));

    await chooseLanguage(page, 'my');
    expect(await englishOnPages(page, await businessPages(page))).toEqual({});
  });
});
