import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn } from '../support/session';

// On a phone (390 px) the order list and an order's details fit the screen: the document is no
// wider than the viewport, so nothing scrolls sideways and no button is cut off.

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
