import { expect, test, watchConsole } from '../fixtures';
import type { Page } from '@playwright/test';
import { signIn } from '../support/session';

// Theme, skin, layout and language persist in cookies prefixed with the app title and,
// per user, on the server, so they follow the user to another browser.

const savedSettings = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().includes('/api/registrationdata/') && r.request().method() === 'PUT',
  );

async function expectPreferences(page: Page) {
  await expect(page.getByTestId('horizontal-nav')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  const cookies = Object.fromEntries(
    (await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]),
  );
  expect(cookies).toMatchObject({
    'kopi-hq-theme': 'dark',
    'kopi-hq-skin': 'bordered',
    'kopi-hq-language': 'my',
  });
}

test('preferences persist across reload and across browsers for the same user', async ({
  page,
  browser,
}) => {
  await signIn(page, 'superadmin');

  await page.getByTestId('customizer-toggle').click();
  let saved = savedSettings(page);
  await page.getByTestId('customizer-theme-dark').click();
  await page.getByTestId('customizer-skin-bordered').click();
  await page.getByTestId('customizer-layout-horizontal').click();
  await saved;
  await page.keyboard.press('Escape');
  saved = savedSettings(page);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-my').click();
  await saved;
  await expectPreferences(page);

  await page.reload();
  await expectPreferences(page);

  // Another browser: nothing in its cookies; the settings come back with the sign-in answer.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const errors: string[] = [];
    watchConsole(otherPage, errors);
    await signIn(otherPage, 'superadmin');
    await expectPreferences(otherPage);
    expect(errors).toEqual([]);
  } finally {
    await other.close();
  }

  // Reset restores the SPEC §9 defaults (and is saved too).
  await page.getByTestId('customizer-toggle').click();
  saved = savedSettings(page);
  await page.getByTestId('customizer-reset').click();
  await saved;
  await expect(page.getByTestId('vertical-nav')).toBeVisible();
  await page.keyboard.press('Escape');
  saved = savedSettings(page);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
