import { expect, test } from '../fixtures';
import { accessToken, signIn } from '../support/session';

// The chain's admin sets the business's receipt texts and logo and the service charge from
// /tenant/business-settings, reached through the "Tenant and Outlet" menu. The settings are put
// back at the end: other journeys read receipts and prices of the same database.

// A 1×1 transparent PNG, made in the test (no fixture file).
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin changes the service charge and the receipt footer (both languages) and logo', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  const token = await accessToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const before = (await (await page.request.get('/api/tenant-settings', { headers: auth })).json())
    .data as Record<string, unknown>;

  await page.getByRole('button', { name: 'Tenant and Outlet' }).click();
  await page.getByRole('link', { name: 'Business Settings' }).click();
  await expect(page).toHaveURL(/\/tenant\/business-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Settings' })).toBeVisible();

  const charge = page.getByLabel('Service charge', { exact: true });
  await expect(charge).toHaveValue('10');
  await charge.fill('5');
  // The footer in both languages: a receipt prints the one of the staff's screen.
  await page.getByLabel('Receipt footer', { exact: true }).fill('See you again at Kopi Demo!');
  await page.getByLabel('Receipt footer (Melayu)').fill('Jumpa lagi di Kopi Demo!');
  // The scroll-to-top button never covers Save, wherever the page is scrolled: Save ends left
  // of the button's column.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const top = page.getByTestId('scroll-to-top');
  await expect(top).toHaveCSS('transform', 'none'); // shown, its zoom-in over
  const fab = (await top.boundingBox())!;
  const save = (await page.getByTestId('business-settings-save').boundingBox())!;
  expect(save.x + save.width).toBeLessThanOrEqual(fab.x);
  await page.getByTestId('business-settings-save').click();
  await expect(page.getByText('Business settings saved')).toBeVisible();

  await page.getByTestId('receipt-logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await expect(page.getByTestId('receipt-logo-preview')).toHaveAttribute(
    'src',
    /^\/uploads\/logos\/.+\.webp$/,
  );

  await page.reload();
  await expect(page.getByLabel('Service charge', { exact: true })).toHaveValue('5');
  await expect(page.getByLabel('Receipt footer', { exact: true })).toHaveValue(
    'See you again at Kopi Demo!',
  );
  await expect(page.getByLabel('Receipt footer (Melayu)')).toHaveValue('Jumpa lagi di Kopi Demo!');
  await expect(page.getByTestId('receipt-logo-preview')).toBeVisible();

  // Put the business back as it was.
  await page.request.delete('/api/tenant-settings/logo', { headers: auth });
  const { business_name: _n, receipt_logo_url: _l, updated_at: _u, ...settings } = before;
  const restored = await page.request.put('/api/tenant-settings', {
    headers: auth,
    data: settings,
  });
  expect(restored.status()).toBe(200);
});
