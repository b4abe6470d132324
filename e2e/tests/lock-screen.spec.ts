import { expect, test, watchConsole } from '../fixtures';
import { signIn } from '../support/session';

// SPEC §2, §4: locking broadcasts on `sessionChannel`, so every open tab locks; unlocking
// signs in again with the typed password and unlocks every tab.

// The wrong password on the lock screen is a 400 on purpose.
test.use({ expectedHttpStatuses: [400] });

test('locking one tab locks the second, and unlocking works', async ({ page, context }) => {
  await signIn(page, 'finance');
  const second = await context.newPage();
  const secondErrors: string[] = [];
  watchConsole(second, secondErrors, [400]);
  await signIn(second, 'finance');

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-lock').click();
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('lock-screen')).toBeVisible();
  }
  const card = page.getByTestId('lock-card');
  await expect(card).toContainText('Rajesh Kumar');
  const width = await card.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(460);

  // The password is required, and a wrong one keeps the screen locked.
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Wrong@1234');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('lock-screen')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Kopi@1234');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Unlocked Successfully')).toBeVisible();
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('lock-screen')).toBeHidden();
  }
  // Still locked after a reload? No: unlocking is remembered.
  await page.reload();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  await expect(page.getByTestId('lock-screen')).toBeHidden();
  expect(secondErrors).toEqual([]);
});
