import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An order's card on the board, found by the order's id: numbers restart each business day, so
 * a card left uncollected from yesterday can carry the same number as one of today's.
 */
export const boardCard = (scope: Page | Locator, order: { id: string }) =>
  scope.locator(`[data-order-id="${order.id}"]`);

/**
 * Taps a board card's move button until the card shows where it moves to. The board ignores a
 * tap within 350 ms of the previous move (a double tap must not also move the card that slides
 * under the finger), so a journey tapping Accept then Ready at machine speed taps twice.
 */
export async function tapUntilMoved(button: Locator, moved: Locator) {
  // The board loading (a page load on a busy machine) is not part of the move's own budget.
  await expect(button.or(moved)).toBeVisible();
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 1_000 });
    await expect(moved).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
