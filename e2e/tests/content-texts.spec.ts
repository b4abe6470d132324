import { expect, test } from '../fixtures';
import { apiLogin, signIn } from '../support/session';

// The chain's marketing team rewords its customer app's Malay terms (Markdown) from
// /user-app/content-text at a counter-side tablet's size: they find the text, edit it while a
// live preview shows how the app will draw it, save, see it in the list and in the text's
// history, then put the platform's wording back. Other journeys share the database, so the terms
// end as the platform words them.

test.use({ viewport: { width: 1024, height: 768 } });

const malayTerms = [
  '# Terma Penggunaan Kopi Demo',
  '',
  'Dengan memesan melalui aplikasi ini, anda bersetuju dengan terma berikut:',
  '',
  '- **Pesanan** disahkan selepas pembayaran.',
  '- Bayaran balik dibuat ke dompet anda.',
].join('\n');

test('marketing rewords the Malay terms with a live preview, sees the history, then resets them', async ({
  page,
}) => {
  // Start from the platform's wording, whatever an earlier run left.
  const { token } = await apiLogin(page.request, 'marketing');
  const auth = { authorization: `Bearer ${token}` };
  expect(
    (await page.request.post('/api/content-texts/terms/reset', { headers: auth })).status(),
  ).toBe(200);

  await signIn(page, 'marketing');
  await page.getByRole('button', { name: 'User App' }).click();
  await page.getByRole('link', { name: 'Content Text' }).click();
  await expect(page).toHaveURL(/\/user-app\/content-text$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Text' })).toBeVisible();

  await page.getByLabel('Search key or wording').fill('terms');
  const row = page.getByTestId('content-text-row-terms');
  await expect(page.getByTestId('content-text-row-onboarding_1_title')).toHaveCount(0);
  await expect(page.getByTestId('content-text-row-wallet_terms')).toBeVisible();
  await expect(row.getByTestId('content-text-state')).toHaveText('Platform default');

  await row.getByRole('button', { name: 'Edit terms' }).click();
  const drawer = page.getByTestId('content-text-drawer');
  await expect(drawer.getByRole('heading', { name: 'Edit “terms”' })).toBeVisible();
  const preview = drawer.getByTestId('preview-text_my');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Terma Penggunaan');
  await drawer.getByTestId('field-text_my').fill(malayTerms);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Terma Penggunaan Kopi Demo');
  await expect(preview.locator('strong')).toHaveText('Pesanan');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(drawer.getByTestId('wording-state-text_my')).toContainText('Your own wording');
  await drawer.getByTestId('content-text-save').click();
  await expect(page.getByText('Text saved')).toBeVisible();
  await expect(drawer).toBeHidden();

  await expect(row.getByTestId('content-text-state')).toHaveText('Your wording');
  await expect(row.getByTestId('content-text-my')).toContainText('# Terma Penggunaan Kopi Demo');
  await expect(row).toContainText('Changed by marketing');

  await row.getByRole('button', { name: 'History of terms' }).click();
  const history = page.getByTestId('text-history-dialog');
  const latest = history.getByTestId('text-history-entry').first();
  await expect(latest).toContainText('Wording changed');
  await expect(latest).toContainText('marketing ·');
  await expect(latest).toContainText('Melayu');
  await expect(latest).toContainText('Dengan memesan melalui aplikasi ini');
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  await row.getByRole('button', { name: 'Reset terms to default' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText("will show the platform's wording again");
  await confirm.getByRole('button', { name: 'Reset to default' }).click();
  // Its toast may be held back while "Text saved" still shows (SPEC §9: one toast of a type).
  await expect(confirm).toBeHidden();
  await expect(row.getByTestId('content-text-state')).toHaveText('Platform default');
  await expect(row.getByTestId('content-text-my')).not.toContainText('Kopi Demo');

  // The reset is in the history too, and the app gets the platform's wording back.
  await row.getByRole('button', { name: 'History of terms' }).click();
  await expect(history.getByTestId('text-history-entry').first()).toContainText(
    "Reset to the platform's wording",
  );
  await history.getByRole('button', { name: 'Close' }).click();
  const terms = await page.request.get('/api/content-texts/terms', { headers: auth });
  expect((await terms.json()).data).toMatchObject({ overridden: false, override_my: null });
});
