import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoPassword } from '../fixtures';

/**
 * Signs in through the real login page and waits for the user's home: the dashboard, or the POS
 * for a cashier (may sell, reads no reports).
 */
export async function signIn(page: Page, username: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/(dashboard|pos)$/);
  await expect(
    page.url().endsWith('/pos')
      ? page.getByTestId('pos-page')
      : page.getByTestId('dashboard-welcome'),
  ).toBeVisible();
}

/** The access token the page holds (SPEC §9: a session-persisted store). */
export async function accessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('kopi-hq-session'));
  const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  if (!token) throw new Error('no access token in the session store');
  return token;
}

/** Signs in through the API (for set-up and clean-up steps, not for the journey itself). */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = demoPassword,
) {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { token: string; id: string; refresh_token: string };
}

/**
 * The newest e-mail to an address, from the test-only outbox (server started with KOPI_E2E=1),
 * which only the platform superadmin may read.
 */
export async function latestMailTo(request: APIRequestContext, to: string) {
  const { token } = await apiLogin(request, 'superadmin');
  const res = await request.get('/api/dev/outbox?limit=20', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const mails = (await res.json()).data as { to: string; text: string; subject: string }[];
  const mail = mails.find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

/** Switches the signed-in user's saved language from the dashboard's navbar, and waits for the save. */
export async function chooseLanguage(page: Page, language: 'en' | 'my') {
  await page.goto('/dashboard');
  const switcher = page.getByTestId('language-switcher');
  await expect(switcher).toBeVisible();
  const current = (await switcher.getAttribute('aria-label')) ?? '';
  if ((language === 'en' ? /English|Inggeris/ : /Melayu/).test(current)) return;
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/registrationdata/') && r.request().method() === 'PUT',
  );
  await switcher.click();
  await page.getByTestId(`language-option-${language}`).click();
  expect((await saved).ok()).toBe(true);
}

/**
 * Gives `username` English back in a context of its own: journeys after one that switched a
 * user to Malay expect English, even when that journey failed or timed out half-way.
 */
export async function restoreEnglish(browser: Browser, username: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, username);
    await chooseLanguage(page, 'en');
  } finally {
    await context.close();
  }
}
