import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { openAllDay } from '../support/outlets';
import { signIn } from '../support/session';
import { closeOpenShifts, countOf, senIn } from '../support/shifts';
import { countPrints, expectPrinted, payInCash } from '../support/pos';

// A cashier's shift at the counter on a 1024×768 tablet: open it with a float counted by
// denomination, sell for cash, take cash out for the bank, close with a small variance, open the
// report's figures to the rows behind them and print the 80 mm shift report.

test.use({ viewport: { width: 1024, height: 768 } });

test('a cashier opens a shift, sells for cash, takes cash out and closes with a small variance', async ({
  page,
  request,
}) => {
  const kl = await openAllDay(request, 'KL01');
  await closeOpenShifts(request, kl);
  await countPrints(page);

  await signIn(page, 'cashier');
  await page.goto('/pos');
  await expect(page.getByTestId('pos-outlet-select')).toContainText('KL01');

  // The POS asks for a shift before anything is sold: RM 50 in RM 10 notes and RM 2 in coins.
  const open = page.getByTestId('shift-open-dialog');
  await expect(open).toContainText('Open a shift before selling');
  await open.getByTestId('shift-float-note_10').fill('5');
  await open.getByTestId('shift-float-coin_50').fill('4');
  await expect(open.getByTestId('shift-float-total')).toContainText('52.00');
  await open.getByTestId('shift-open-submit').click();
  await expect(open).toBeHidden();
  await expect(page.getByTestId('pos-shift')).toContainText('Till 1');
  // Its name starts with what it shows, then says what it opens.
  await expect(page.getByTestId('pos-shift')).toHaveAccessibleName(
    /^Shift: Till 1 · .+, Shift and cash drawer$/,
  );

  // A cash sale paid with RM 50: only the total stays in the drawer.
  await page.getByTestId('pos-product-FOD-001').click();
  await page.getByTestId('pos-serving-pick_up').click();
  const payment = await payInCash(page);
  const total = senIn((await payment.getByTestId('pos-payment-total').textContent()) ?? '');
  await payment.getByTestId('pos-cash-5000').click();
  await payment.getByTestId('pos-confirm-payment').click();
  const receipt = page.getByTestId('pos-receipt-dialog');
  await expect(receipt.getByTestId('order-receipt')).toBeVisible();
  const orderNo = /KL01-\d{4}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(orderNo, 'order number on the receipt').toBeTruthy();
  await receipt.getByTestId('pos-new-sale').click();
  await expect(receipt).toBeHidden();

  // RM 10.00 out to the bank.
  await page.getByTestId('pos-shift').click();
  await page.getByTestId('pos-shift-cash-out').click();
  const movement = page.getByTestId('shift-movement-dialog');
  await movement.getByTestId('shift-movement-amount').fill('10');
  await movement.getByTestId('shift-movement-submit').click();
  await expect(movement).toBeHidden();

  // The close: expected = 52.00 + the sale − 10.00; counted 5 sen short, within the tolerance.
  const expected = 5_200 + total - 1_000;
  await page.getByTestId('pos-shift').click();
  await page.getByTestId('pos-shift-close').click();
  const close = page.getByTestId('shift-close-dialog');
  await expect(close.getByTestId('shift-close-expected')).toContainText(
    (expected / 100).toFixed(2),
  );
  for (const [key, n] of Object.entries(countOf(expected - 5))) {
    await close.getByTestId(`shift-count-${key}`).fill(String(n));
  }
  await expect(close.getByTestId('shift-close-variance')).toHaveAttribute('data-variance', '-5');
  await expect(close.getByTestId('shift-close-note')).toHaveCount(0);
  await close.getByTestId('shift-close-submit').click();

  // The shift report: the drawer's figures, and it prints at 80 mm.
  const report = page.getByTestId('shift-report');
  await expect(report).toContainText('SHIFT REPORT');
  await expect(report.getByTestId('shift-report-expected')).toContainText(
    (expected / 100).toFixed(2),
  );
  await expect(report.getByTestId('shift-report-variance')).toContainText('-0.05');
  await expect(report).toContainText('Cash (1)');

  // "Cash taken" opens to the rows it is summed from: the sale's cash line, as a sale.
  await report.getByTestId('shift-report-cash-taken').click();
  const working = page.getByTestId('working-dialog');
  await expect(working.getByRole('heading')).toContainText('Cash taken');
  const rows = working.getByTestId('working-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orderNo!);
  await expect(rows.first()).toHaveAttribute('data-counts-as', 'sale');
  await expect(working.getByTestId('working-total-value')).toHaveText((total / 100).toFixed(2));
  const axe = await new AxeBuilder({ page }).include('[data-testid="working-dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual(
    [],
  );
  await page.keyboard.press('Escape');
  await expect(working).toBeHidden();
  // The expected cash: the float, the sale's cash and the cash out, summed as the report shows it.
  await report.getByTestId('shift-report-expected').click();
  await expect(working.getByTestId('working-row')).toHaveCount(3);
  await expect(working.getByTestId('working-total-value')).toHaveText((expected / 100).toFixed(2));
  await working.getByRole('button', { name: 'Close' }).click();
  await expect(working).toBeHidden();
  await page.getByTestId('shift-report-print').click();
  await expectPrinted(page, 1);
  await page.getByTestId('shift-report-close').click();
  // With the shift closed the POS asks for the next one.
  await expect(page.getByTestId('shift-open-dialog')).toBeVisible();
});
