import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn } from '../support/session';

// On a phone (390 px) the order list, an order's details and the sales report fit the screen: the
// document is no wider than the viewport, so nothing scrolls sideways and no button is cut off.

test.use({ viewport: { width: 390, height: 844 } });

const widths = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));

test('order list and order details are as wide as a 390 px phone', async ({ page }) => {
  await signIn(page, 'admin');

  await page.goto('/order/list');
  const firstRow = page.locator('[data-testid^="order-row-"]').first();
  await expect(firstRow).toBeVisible();
  expect(await widths(page)).toEqual({ document: 390, viewport: 390 });

  await firstRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/order\/details\//);
  await expect(page.getByTestId('order-details')).toBeVisible();
  await expect(page.getByTestId('order-item').first()).toBeVisible();
  expect(await widths(page)).toEqual({ document: 390, viewport: 390 });
});

test('the sales report is as wide as a 390 px phone: its table scrolls inside its card', async ({
  page,
}) => {
  await signIn(page, 'admin');

  await page.goto('/report');
  const table = page.getByTestId('report-table');
  await expect(page.getByTestId('report-total-row')).toBeVisible();
  // Every term of the total is there to scroll to, so each row adds up on a phone too.
  for (const col of ['discount', 'tax_total', 'delivery_fee', 'rounding', 'net', 'refunds']) {
    await expect(table.locator(`th[data-col="${col}"]`)).toHaveCount(1);
  }
  expect(await widths(page)).toEqual({ document: 390, viewport: 390 });
});
