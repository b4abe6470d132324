import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn } from '../support/session';

// No serious or critical accessibility violations (axe-core) on the counter's screens: the POS as
// it first renders (a dialog asking to open a shift may be open: it is scanned with the page),
// the status board, the order list and the sales report, at the cashier's 1024 × 768 tablet.

test.use({ viewport: { width: 1024, height: 768 } });
// An axe scan of a full screen takes half a minute on a busy 2-core machine (the status board's
// many cards most): each journey gets three minutes.
test.describe.configure({ timeout: 180_000 });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// One journey per screen, so one slow scan does not eat the others' time.
test.describe('the counter screens have no serious violations', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('the POS', async ({ page }) => {
    await page.goto('/pos');
    await expect(page.getByTestId('pos-page')).toBeVisible();
    // Whatever shows first: the products, or a dialog in front of them.
    await expect(
      page.locator('[data-testid^="pos-product-"], [role="dialog"]').first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the status board', async ({ page }) => {
    await page.goto('/app/status-order');
    await expect(page.getByTestId('status-board')).toBeVisible();
    await expect(page.locator('[data-testid^="board-card-"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the order list', async ({ page }) => {
    await page.goto('/order/list');
    await expect(page.locator('[data-testid^="order-row-"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the sales report', async ({ page }) => {
    await page.goto('/report');
    await expect(page.getByTestId('report-table')).toBeVisible();
    await expect(page.getByTestId('report-total-row')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("the customer app's banner, feature and text pages have no serious violations", () => {
  for (const [path, ready] of [
    ['/user-app/banner', 'banners-table'],
    ['/user-app/enable-disable', 'app-features-table'],
    ['/user-app/content-text', 'content-texts-table'],
  ] as const) {
    test(path, async ({ page }) => {
      await signIn(page, 'marketing');
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }
});
