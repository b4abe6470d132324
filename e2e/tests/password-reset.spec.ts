import { expect, test } from '../fixtures';
import { apiLogin, latestMailTo, signIn } from '../support/session';

// Forgot → e-mailed single-use link (read from the outbox) → reset → sign in.

// The reused link is refused with a 400 on purpose.
test.use({ expectedHttpStatuses: [400] });

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByText('Forgot password?').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Username').fill('manager');
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByText('If the account exists')).toBeVisible();

  const mail = await latestMailTo(request, 'manager@kopi-demo.my');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;

  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText(
      'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
    ),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Teh@Tarik99');
  await page.getByLabel('Confirm new password').fill('Teh@Tarik99');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();

  // The link is single-use.
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('Kopi@1234');
  await page.getByLabel('Confirm new password').fill('Kopi@1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/invalid|expired/i).first()).toBeVisible();

  await signIn(page, 'manager', 'Teh@Tarik99');

  // Put the demo password back for the other journeys.
  const session = await apiLogin(request, 'manager', 'Teh@Tarik99');
  const res = await request.post('/api/changepassword', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      old_password: 'Teh@Tarik99',
      password: 'Kopi@1234',
      password_confirmation: 'Kopi@1234',
    },
  });
  expect(res.status()).toBe(200);
});
