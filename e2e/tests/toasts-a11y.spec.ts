import { expect, test } from '../fixtures';
import { seriousViolations } from '../support/every-page';
import { signIn } from '../support/session';

// SPEC §9 toasts (at most one; a toast whose type is already shown is suppressed) and
// accessibility of the shell's main pages.

test('toasts show one at a time and a same-type toast is suppressed', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/account-settings/account');
  const toasts = page.locator('[data-testid^="toast-"]');
  const save = page.getByTestId('profile-save');
  await save.click();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await save.click();
  await save.click();
  await page.waitForTimeout(500);
  await expect(toasts).toHaveCount(1);
  // The suppressed ones were dropped, not queued: once the first goes (2000 ms), none follow.
  await expect(toasts).toHaveCount(0);
  await page.waitForTimeout(1500);
  await expect(toasts).toHaveCount(0);
});

test('no serious or critical accessibility violations on the main shell pages', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await signIn(page, 'admin');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/account-settings/account');
  await expect(page.getByTestId('profile-save')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
