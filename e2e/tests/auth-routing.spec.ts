import { expect, test } from '../fixtures';
import { apiLogin, accessToken, signIn } from '../support/session';

// Routing and guards of SPEC §2, sign-in, the 401 rule of SPEC §8.

test('a signed-out visitor is sent to /login with the query kept', async ({ page }) => {
  await page.goto('/?source=qr&table=7');
  await expect(page).toHaveURL(/\/login\?source=qr&table=7$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('a protected page sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/account-settings/security');
  await expect(page).toHaveURL(/\/login/);
});

test('admin signs in and lands on the dashboard; /login then sends them home', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('dashboard-role')).toContainText('admin');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('refusals (a 4xx on purpose)', () => {
  test.use({ expectedHttpStatuses: [400, 401] });

  test('a wrong password is refused with the translated server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Incorrect username or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 shows "Session is Locked" and goes to the sign-in page', async ({
    page,
    request,
  }) => {
    await signIn(page, 'manager');
    await expect(page.locator('[data-testid=layout-default][data-live=open]')).toBeVisible();
    // The session ends behind the page's back (e.g. revoked from another device). The server
    // closes its live socket at once (4401); the page renews, gets a 401 and signs out by itself,
    // with no click needed.
    const token = await accessToken(page);
    const res = await request.post('/api/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    await expect(page.getByText('Session is Locked')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('an empty form says which fields are required', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
});

test('a cashier opening a page their role forbids lands on /not-authorized', async ({ page }) => {
  await signIn(page, 'cashier');
  await page.goto('/access-control');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows the not-found page, as does its alias', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found').first()).toBeVisible();
  await page.goto('/pages/misc/not-found/whatever');
  await expect(page.getByText('Page not found').first()).toBeVisible();
});

test('the API answers the SPEC §7 sign-in shape', async ({ request }) => {
  const data = await apiLogin(request, 'admin');
  expect(Object.keys(data)).toEqual(
    expect.arrayContaining(['token', 'refresh_token', 'permissions', 'menus', 'role_name', 'id']),
  );
});
