import { expect, type Page, type Response } from '@playwright/test';
import { openShiftIfAsked } from './shifts';

// The counter's steps that many journeys take the same way: reaching an outlet's POS with a
// shift open, paying in cash, waiting for the sale the server records, and counting the prints
// (headless Chromium has no printer).

/**
 * Opens the POS at the outlet `code` with a shift open: a user bound to one outlet lands on it,
 * others pick it in the outlet select.
 */
export async function openPosAt(page: Page, code: string) {
  await page.goto('/pos');
  await openShiftIfAsked(page);
  const outlet = page.getByTestId('pos-outlet-select');
  if ((await outlet.getAttribute('data-fixed')) !== 'true') {
    const value = await outlet.locator('option', { hasText: code }).getAttribute('value');
    await outlet.selectOption(value!);
    await openShiftIfAsked(page);
  }
}

/** Opens the payment dialog and chooses cash; answers the dialog. */
export async function payInCash(page: Page) {
  await page.getByTestId('pos-pay').click();
  const payment = page.getByTestId('pos-payment');
  await payment.getByTestId('pos-method-cash').click();
  return payment;
}

/** The server's answer to the next sale the POS sends (POST /api/orders). */
export function nextSale(page: Page): Promise<Response> {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST',
  );
}

/** Replaces the page's print with a counter, before the page loads. */
export async function countPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

/** Waits until the page has printed `times` times (counted by countPrints). */
export async function expectPrinted(page: Page, times: number) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(times);
}
