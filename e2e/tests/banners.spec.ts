import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiLogin, signIn } from '../support/session';
import { klFormDate } from '../support/kl-dates';

// The marketing team puts a new banner on the customer app's home screen from /user-app/banner:
// uploads its picture, schedules it for the coming week, drags it to the front of the app order
// and checks the app preview in English and Malay, on a page with no serious accessibility
// violations. The banner is deleted at the end (and by the clean-up should the journey fail), so
// the demo banners stay as they were.

test.use({ viewport: { width: 1024, height: 768 } });

const stamp = Date.now().toString(36).toUpperCase();
const titleEn = `E2E week ${stamp}`;
const titleMy = `Minggu E2E ${stamp}`;

/** A real 1200 × 600 PNG, drawn by the browser: a gradient with a word on it. */
async function drawPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 1200, 600);
    gradient.addColorStop(0, '#7a9e7e');
    gradient.addColorStop(1, '#2f4f3a');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 1200, 600);
    g.fillStyle = '#ffffff';
    g.font = 'bold 96px sans-serif';
    g.fillText('Kopi week', 80, 320);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Deletes this journey's banner through the API if it is still there. */
async function removeOurBanner(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'marketing');
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.get(`/api/banners?q=${encodeURIComponent(stamp)}`, { headers });
  for (const banner of (await found.json()).data as { id: string }[]) {
    await request.delete(`/api/banners/${banner.id}`, { headers });
  }
}

test.afterEach(async ({ request }) => {
  await removeOurBanner(request);
});

test('marketing uploads, schedules and reorders a banner, and sees it in the app preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'marketing');
  await page.getByRole('button', { name: 'User App' }).click();
  await page.getByRole('link', { name: 'Banner' }).click();
  await expect(page).toHaveURL(/\/user-app\/banner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  const table = page.getByTestId('banners-table');
  await expect(table.getByTestId('banner-row').first()).toBeVisible();
  await expect(page.getByTestId('banner-preview-title')).toBeVisible();
  // The page's own content; the navigation shell is the shell's to answer for.
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // A new banner: titles, a picture, a web link, and a schedule from yesterday to next week.
  await page.getByTestId('banner-add').click();
  const drawer = page.getByTestId('banner-drawer');
  await drawer.getByLabel('Title (English)').fill(titleEn);
  await drawer.getByLabel('Title (Melayu)').fill(titleMy);
  await drawer.getByTestId('banner-picture-input').setInputFiles({
    name: 'kopi-week.png',
    mimeType: 'image/png',
    buffer: await drawPicture(page),
  });
  await expect(drawer.getByAltText(`Picture of ${titleEn}`)).toHaveAttribute('src', /^blob:/);
  await drawer.getByTestId('banner-target-type').click();
  await page.getByRole('option', { name: 'Web link' }).click();
  await drawer.getByTestId('banner-target-url').fill('https://kopi-demo.my/kopi-week');
  await drawer.getByTestId('banner-starts-date').fill(klFormDate(-1));
  await drawer.getByTestId('banner-starts-date').press('Enter');
  await drawer.getByTestId('banner-starts-time').fill('08:00');
  await drawer.getByTestId('banner-ends-date').fill(klFormDate(7));
  await drawer.getByTestId('banner-ends-date').press('Enter');
  await drawer.getByTestId('banner-ends-time').fill('22:30');
  const uploaded = page.waitForResponse(
    (r) => /\/api\/banners\/[^/]+\/image$/.test(r.url()) && r.request().method() === 'POST',
  );
  await drawer.getByTestId('banner-save').click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText('Banner created')).toBeVisible();
  await expect(drawer).toBeHidden();

  // It is listed as showing now, with its schedule on the 24-hour clock.
  await page.getByLabel('Search by title').fill(stamp);
  const row = table.getByTestId('banner-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('banner-title')).toHaveText(titleEn);
  await expect(row.getByTestId('banner-state')).toHaveText('Showing now');
  await expect(row.getByTestId('banner-schedule')).toHaveText(
    `From ${klFormDate(-1)} 08:00Until ${klFormDate(7)} 22:30`,
  );
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/banners\/.+\.webp$/);

  // New banners go last; dragged onto the first row, it leads the app's carousel. (One toast of a
  // kind at a time: the next success shows once "Banner created" is gone.)
  await expect(page.getByText('Banner created')).toBeHidden();
  const order = page.getByTestId('banner-order-row');
  await expect(order.last().getByTestId('banner-order-title')).toHaveText(titleEn);
  await order.last().scrollIntoViewIfNeeded();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/banners/reorder') && r.request().method() === 'POST',
    { timeout: 15_000 },
  );
  await order.last().getByTestId('banner-drag-handle').dragTo(order.first());
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Banner order saved')).toBeVisible();
  await expect(order.first().getByTestId('banner-order-title')).toHaveText(titleEn);

  // The app preview shows it first, in English and then in Malay.
  const preview = page.getByTestId('banner-preview');
  await preview.scrollIntoViewIfNeeded();
  await expect(preview.getByTestId('banner-preview-title')).toHaveText(titleEn);
  await expect(preview.getByTestId('banner-preview-target')).toHaveText('A tap opens: Web link');
  await page.getByTestId('banner-preview-my').click();
  await expect(preview.getByTestId('banner-preview-title')).toHaveText(titleMy);
  await expect(preview.getByText('Selamat datang!')).toBeVisible();

  // Clean up through the screen: deleting asks first.
  await expect(page.getByText('Banner order saved')).toBeHidden();
  await row.getByRole('button', { name: `Delete ${titleEn}` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('will be removed from the app');
  await dialog.getByRole('button', { name: `Delete ${titleEn}` }).click();
  await expect(page.getByText('Banner deleted')).toBeVisible();
  await expect(table.getByTestId('banners-table-empty')).toBeVisible();
  await expect(preview.getByTestId('banner-preview-title')).not.toHaveText(titleMy);
});
