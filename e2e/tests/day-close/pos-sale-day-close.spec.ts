import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures';
import { openAllDay } from '../../support/outlets';
import { closeOpenShifts, openShiftIfAsked } from '../../support/shifts';
import { apiLogin, signIn } from '../../support/session';
import { countPrints, expectPrinted, payInCash } from '../../support/pos';

// A cashier sells at the counter of KL01 on a 1024×768 touch screen, the order is found
// in the list and its details, it is accepted and completed, and the manager closes the day and
// reads the Z-report. It closes KL01's business day, so it runs in the last Playwright project
// (see playwright.config.ts): nothing may sell at KL01 after it.

const money = (ringgit: string) => new RegExp(`RM\\s?${ringgit.replace('.', '\\.')}`);

/** Picks one option in the option dialog's group (radios for single-choice groups). */
async function pick(dialog: ReturnType<Page['getByTestId']>, group: string, option: string) {
  await dialog
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: option })
    .check();
}

/** Moves every still-open order of the list the day close refused with, through the API. */
async function finishOpenOrders(request: APIRequestContext, token: string, ids: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  for (const id of ids) {
    const res = await request.get(`/api/orders/${id}`, { headers });
    const order = (await res.json()).data as { status: string };
    const path =
      order.status === 'CREATED'
        ? ['REJECTED']
        : order.status === 'PENDING'
          ? ['APPROVED', 'COMPLETED']
          : order.status === 'APPROVED'
            ? ['COMPLETED']
            : [];
    for (const status of path) {
      const moved = await request.post(`/api/orders/${id}/status`, {
        headers,
        data: status === 'REJECTED' ? { status, reason: 'End of day' } : { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }
}

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('a cashier sells two drinks with options and a food item for cash, the order is accepted, completed, and the day is closed with its Z-report', async ({
  page,
  browser,
  request,
}) => {
  // Three browsers, a sale, the list, the details and a day close: past the default minute when the
  // machine is busy (a run with three other suites on two cores stopped at its last step).
  test.setTimeout(120_000);
  const klId = await openAllDay(request, 'KL01');
  await countPrints(page);

  await signIn(page, 'cashier');
  await page.goto('/pos');
  await expect(page.getByTestId('pos-outlet-select')).toContainText('KL01');
  await openShiftIfAsked(page);

  // Kopi Peng, large, less sugar, less ice: RM 3.50 + RM 1.50. A tap would add the standard
  // drink (its defaults); a long press opens its options, starting from those defaults.
  await page.getByTestId('pos-product-KOP-004').click({ delay: 800 });
  let dialog = page.getByTestId('pos-options-dialog');
  await expect(dialog.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await pick(dialog, 'Size', 'Large');
  await pick(dialog, 'Sugar level', 'Less');
  await pick(dialog, 'Ice level', 'Less');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();

  // Teh Tarik, regular, normal sugar, with pearls: RM 3.00 + RM 1.50.
  await page.getByTestId('pos-product-TEH-001').click({ delay: 800 });
  dialog = page.getByTestId('pos-options-dialog');
  await pick(dialog, 'Size', 'Regular');
  await pick(dialog, 'Sugar level', 'Normal');
  await dialog.getByRole('checkbox', { name: /Pearls/ }).check();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();

  // Nasi Lemak Ayam Goreng has no options: straight into the cart.
  await page.getByTestId('pos-product-FOD-001').click();
  await expect(page.getByTestId('pos-cart-line')).toHaveCount(3);
  // …so its note is written in the cart.
  const nasiLemak = page.getByTestId('pos-cart-line').filter({ hasText: 'Nasi Lemak Ayam Goreng' });
  await nasiLemak.getByTestId('pos-line-note').click();
  const note = page.getByTestId('pos-note-dialog');
  await note.getByTestId('pos-note-input').fill('No cucumber');
  await note.getByTestId('pos-note-save').click();
  await expect(note).toBeHidden();
  await expect(nasiLemak).toContainText('No cucumber');

  // Pick up: no service charge; SST 6% of RM 24.40 = RM 1.46; RM 25.86 before rounding.
  await page.getByTestId('pos-serving-pick_up').click();
  await expect(page.getByTestId('pos-subtotal')).toContainText(money('24.40'));
  await expect(page.getByTestId('pos-sst')).toContainText(money('1.46'));

  // Cash rounds RM 25.86 down to RM 25.85 (Bank Negara: a last digit of 6 rounds down).
  await expect(page.getByTestId('pos-rounding')).toContainText(/-\s?RM\s?0\.01/);
  await expect(page.getByTestId('pos-total')).toContainText(money('25.85'));
  const payment = await payInCash(page);
  await expect(payment.getByTestId('pos-payment-total')).toContainText(money('25.85'));
  await expect(payment.getByTestId('pos-payment-rounding')).toContainText(/-\s?RM\s?0\.01/);
  await expect(payment.getByTestId('pos-payment-rounding')).toContainText(money('25.86'));
  await payment.getByTestId('pos-cash-5000').click();
  await expect(payment.getByTestId('pos-change')).toContainText(money('24.15'));
  await payment.getByTestId('pos-confirm-payment').click();

  // The receipt: totals, rounding and change, and it prints.
  const receiptDialog = page.getByTestId('pos-receipt-dialog');
  const receipt = receiptDialog.getByTestId('order-receipt');
  await expect(receipt).toBeVisible();
  // Receipts print bare amounts under an "RM" heading, as thermal receipts do.
  await expect(receipt.getByTestId('receipt-total')).toContainText('25.85');
  await expect(receipt.getByTestId('receipt-rounding')).toContainText('0.01');
  await expect(receipt.getByTestId('receipt-change')).toContainText('24.15');
  await expect(receipt).toContainText('Kopi Peng');
  await expect(receipt).toContainText('Pearls');
  await expect(receipt).toContainText('Nasi Lemak Ayam Goreng');
  await expect(receipt).toContainText('No cucumber');
  // The header and payment every receipt carries: legal name, SST number, outlet, cash tendered.
  await expect(receipt).toContainText('Kopi Demo Sdn Bhd');
  await expect(receipt).toContainText('SST Reg. No: W10-1808-32000123');
  await expect(receipt).toContainText('Outlet: Kuala Lumpur (KL01)');
  await expect(receipt.getByTestId('receipt-payment')).toContainText('Cash');
  await expect(receipt.getByTestId('receipt-payment')).toContainText('50.00');
  const orderNo = /KL01-\d{4}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(orderNo, 'order number on the receipt').toBeTruthy();
  await receiptDialog.getByTestId('pos-print-receipt').click();
  // The print sheet lays itself out before it calls print.
  await expectPrinted(page, 1);
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId('pos-cart')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await receiptDialog.getByTestId('pos-new-sale').click();
  await expect(page.getByTestId('pos-cart-line')).toHaveCount(0);

  // The order in the list, then its details; accept and complete it.
  await page.goto('/order/list');
  await page.getByTestId('order-search').fill(orderNo!);
  await expect(page).toHaveURL(new RegExp(`q=${orderNo}`));
  // Numbers restart every business day, so earlier days have a KL01-00NN too; the list is newest
  // first.
  const row = page.getByTestId(`order-row-${orderNo}`).first();
  await expect(row).toContainText('25.85'); // the column is headed "Total (RM)"
  await expect(row).toContainText('POS');
  await row.click();
  await expect(page).toHaveURL(/\/order\/details\//);
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-status')).toHaveAttribute('data-status', 'PENDING');
  await expect(details.getByTestId('order-breakdown')).toContainText(money('25.85'));
  // Items with their options and notes.
  await expect(
    details.getByTestId('order-item').filter({ hasText: 'Nasi Lemak Ayam Goreng' }),
  ).toContainText('No cucumber');
  await expect(details.getByTestId('order-item').filter({ hasText: 'Teh Tarik' })).toContainText(
    'Pearls',
  );
  await details.getByRole('button', { name: 'Accept' }).click();
  await expect(details.getByTestId('order-status')).toHaveAttribute('data-status', 'APPROVED');
  // Completing cannot be undone, so it asks first.
  await details.getByRole('button', { name: 'Mark completed' }).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(details.getByTestId('order-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(details.getByTestId('order-timeline')).toContainText('Siti Nurhaliza');

  // The manager closes KL01's day: refused while the demo's open orders are still open…
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager');
  await manager.goto('/order/list');
  await manager.getByTestId('order-close-day').click();
  const closeDay = manager.getByTestId('close-day-dialog');
  await closeDay.getByTestId('close-day-submit').click();
  const open = closeDay.getByTestId('close-day-open-orders');
  await expect(open).toBeVisible();
  const openIds = await open
    .getByTestId('close-day-open-order')
    .evaluateAll((links) =>
      links.map((a) => (a as HTMLAnchorElement).pathname.split('/').pop()!).filter(Boolean),
    );
  expect(openIds.length).toBeGreaterThan(0);
  const { token } = await apiLogin(request, 'manager');
  await finishOpenOrders(request, token, openIds);
  // …and while the day's shifts are open (the cashier's, the other journeys'): each till's
  // drawer is counted and its shift closed first.
  await closeDay.getByTestId('close-day-submit').click();
  await expect(closeDay.getByTestId('close-day-open-shifts')).toBeVisible();
  await closeOpenShifts(request, klId);

  // …then closes it, and the Z-report counts the cashier's sale.
  await closeDay.getByTestId('close-day-submit').click();
  const report = manager.getByTestId('z-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('z-report-total')).toContainText(/RM\s?\d/);
  await expect(report.getByTestId('z-report-expected-cash')).toContainText(/RM\s?\d/);

  // The kept report reads the same later.
  const total = await report.getByTestId('z-report-total').textContent();
  await manager.keyboard.press('Escape');
  await manager.getByTestId('order-z-report').click();
  await manager.getByTestId('z-report-show').click();
  await expect(manager.getByTestId('z-report').getByTestId('z-report-total')).toHaveText(total!);

  // Finance reads orders but not outlets: it picks KL01 from the order screens' own outlet list.
  const financeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const finance = await financeContext.newPage();
  await signIn(finance, 'finance');
  await finance.goto('/order/list');
  await finance.getByTestId('order-z-report').click();
  await finance.getByTestId('z-report-outlet').click();
  await finance.getByRole('option', { name: 'Kuala Lumpur' }).click();
  await finance.getByTestId('z-report-show').click();
  await expect(finance.getByTestId('z-report').getByTestId('z-report-total')).toHaveText(total!);
  await financeContext.close();

  // The sale is now CLOSED, as is every order of the day.
  await page.reload();
  await expect(details.getByTestId('order-status')).toHaveAttribute('data-status', 'CLOSED');
  await managerContext.close();
});
