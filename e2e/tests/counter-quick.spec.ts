import { expect, test } from '../fixtures';
import { openAllDay } from '../support/outlets';
import { standardDrink } from '../support/catalogue';
import { signIn } from '../support/session';
import { openShiftIfAsked } from '../support/shifts';
import { nextSale, openPosAt, payInCash } from '../support/pos';

// The counter's quick paths at 1024×768: the cashier signs in straight to the POS of their one
// outlet (no picker), a drink whose choice has a default goes in with one tap, is held and
// recalled (the toast keeps clear of the bar), quick cash adds up, and a manager gives a manual discount that the order keeps with its reason.

test.use({ viewport: { width: 1024, height: 768 } });

const money = (ringgit: string) => new RegExp(`RM\\s?${ringgit.replace('.', '\\.')}`);

test('a cashier lands on the POS, sells a standard drink in one tap and adds quick cash up', async ({
  page,
  request,
}) => {
  await openAllDay(request, 'KL01');
  const { sku } = await standardDrink(request);

  await signIn(page, 'cashier');
  await expect(page).toHaveURL(/\/pos$/);
  // Bound to KL01: its name, no picker.
  await expect(page.getByTestId('pos-outlet-select')).toHaveAttribute('data-fixed', 'true');
  await expect(page.getByTestId('pos-outlet-select')).toContainText('KL01');
  await openShiftIfAsked(page);

  await page.getByTestId(`pos-product-${sku}`).click();
  await expect(page.getByTestId('pos-options-dialog')).toBeHidden();
  const line = page.getByTestId('pos-cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Hot');

  // Holding the cart says so in a toast below the bar, never over its Hold and Recall.
  await page.getByTestId('pos-hold').click();
  await page.getByTestId('pos-hold-label').fill('Counter 2');
  await page.getByTestId('pos-hold-confirm').click();
  const held = page.getByText('Order held as “Counter 2”');
  await expect(held).toBeVisible();
  const bar = (await page.getByTestId('pos-recall').boundingBox())!;
  expect((await held.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await expect(line).toHaveCount(0);
  await page.getByTestId('pos-recall').click();
  await page
    .getByRole('button', { name: /Counter 2/ })
    .and(page.getByTestId('pos-recall-cart'))
    .click();
  await expect(line).toHaveCount(1);

  // Pick up: RM 3.00 + SST 6% RM 0.18 = RM 3.18, RM 3.20 in cash.
  await page.getByTestId('pos-serving-pick_up').click();
  await expect(page.getByTestId('pos-total')).toContainText(money('3.20'));
  const payment = await payInCash(page);
  await payment.getByTestId('pos-cash-500').click();
  await payment.getByTestId('pos-cash-500').click();
  await expect(payment.getByTestId('pos-tendered')).toHaveValue('10.00');
  await expect(payment.getByTestId('pos-change')).toContainText(money('6.80'));
  await payment.getByTestId('pos-confirm-payment').click();
  await expect(page.getByTestId('pos-receipt-dialog')).toBeVisible();
});

test('a manager gives a staff meal discount the order keeps', async ({ page, request }) => {
  await openAllDay(request, 'KL01');
  const { sku } = await standardDrink(request);

  await signIn(page, 'manager');
  await openPosAt(page, 'KL01');
  await page.getByTestId(`pos-product-${sku}`).click();
  await page.getByTestId('pos-serving-pick_up').click();
  await page.getByTestId('pos-discount').click();
  const dialog = page.getByTestId('pos-discount-dialog');
  await dialog.getByTestId('pos-discount-percent').click();
  await dialog.getByTestId('pos-discount-value').fill('10');
  await expect(dialog.getByTestId('pos-discount-preview')).toContainText(money('0.30'));
  await dialog.getByLabel('Staff meal').check();
  await dialog.getByTestId('pos-discount-apply').click();
  await expect(dialog).toBeHidden();
  // RM 3.00 − RM 0.30 = RM 2.70; SST RM 0.16; RM 2.86 → RM 2.85 in cash.
  await expect(page.getByTestId('pos-discount-total')).toContainText(money('0.30'));
  await expect(page.getByTestId('pos-total')).toContainText(money('2.85'));

  const sold = nextSale(page);
  const payment = await payInCash(page);
  await payment.getByTestId('pos-cash-exact').click();
  await payment.getByTestId('pos-confirm-payment').click();
  const order = (await (await sold).json()).data as {
    discount: number;
    manual_discount: { reason: string; amount: number; by_name: string };
  };
  expect(order.discount).toBe(30);
  expect(order.manual_discount).toMatchObject({ reason: 'staff_meal', amount: 30 });
  await expect(page.getByTestId('pos-receipt-dialog')).toBeVisible();
});
