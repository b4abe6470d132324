import { expect, LIVE_MS, test } from '../fixtures';
import { boardCard, tapUntilMoved } from '../support/board';
import { setSoldOut, standardDrink } from '../support/catalogue';
import { plainProduct } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { chooseLanguage, restoreEnglish, signIn } from '../support/session';
import { closeOpenShifts, countOf, senIn } from '../support/shifts';
import { countPrints, expectPrinted, nextSale, openPosAt, payInCash } from '../support/pos';

// A cashier's shift at the counter on a 1024×768 tablet, in English and again in Malay: open the
// shift with a float, sell a standard drink in one tap paid with quick cash that adds up, mark an
// item sold out from the POS while a second POS sees it disabled live, hand the order over on the
// board, close the shift a little short and print the shift report.

const tablet = { viewport: { width: 1024, height: 768 } };

const words = {
  en: { drink: 'Teh Counter', soldOut: 'Mark sold out today', accept: 'Accept', ready: 'Ready' },
  my: {
    drink: 'Teh Kaunter',
    soldOut: 'Tandakan habis dijual hari ini',
    accept: 'Terima',
    ready: 'Siap',
  },
} as const;

test.afterEach(async ({ browser, request }) => {
  // Back in stock and English again, for the journeys after this one, however it ended.
  const outletId = await openAllDay(request, 'KL01');
  await setSoldOut(request, outletId, await plainProduct(request, outletId, 'FOD-004'), false);
  await restoreEnglish(browser, 'cashier');
});

for (const language of ['en', 'my'] as const) {
  test(`a cashier's shift at the counter, from the float to the shift report (${language})`, async ({
    browser,
    request,
  }) => {
    // Two tills, a sale, the board and the close: longer than one screen's journey.
    test.setTimeout(150_000);
    const say = words[language];
    const outletId = await openAllDay(request, 'KL01');
    await closeOpenShifts(request, outletId);
    const soldOutItem = await plainProduct(request, outletId, 'FOD-004');
    await setSoldOut(request, outletId, soldOutItem, false);
    const { sku, stamp } = await standardDrink(request, 'Teh Kaunter');

    const till = await browser.newContext(tablet);
    const other = await browser.newContext(tablet);
    const page = await till.newPage();
    const manager = await other.newPage();
    await countPrints(page);
    await signIn(page, 'cashier');
    await chooseLanguage(page, language);
    // The float: RM 50 in RM 10 notes.
    await page.goto('/pos');
    const open = page.getByTestId('shift-open-dialog');
    await open.getByTestId('shift-float-note_10').fill('5');
    await expect(open.getByTestId('shift-float-total')).toContainText('50.00');
    await open.getByTestId('shift-open-submit').click();
    await expect(open).toBeHidden();

    // A second POS at the same outlet, open before anything is marked sold out.
    await signIn(manager, 'manager');
    await openPosAt(manager, 'KL01');
    await expect(manager.getByTestId('pos-product-FOD-004')).toBeEnabled();

    // One tap: the drink's required choice has a default; its name is in the screen's language.
    const tile = page.getByTestId(`pos-product-${sku}`);
    await expect(tile).toContainText(`${say.drink} ${stamp}`);
    await tile.click();
    await expect(page.getByTestId('pos-options-dialog')).toBeHidden();
    await expect(page.getByTestId('pos-cart-line')).toHaveCount(1);

    // Quick cash adds up: RM 5 twice is RM 10.
    await page.getByTestId('pos-serving-pick_up').click();
    const payment = await payInCash(page);
    const total = senIn((await payment.getByTestId('pos-payment-total').textContent()) ?? '');
    await payment.getByTestId('pos-cash-500').click();
    await payment.getByTestId('pos-cash-500').click();
    await expect(payment.getByTestId('pos-tendered')).toHaveValue('10.00');
    const sold = nextSale(page);
    await payment.getByTestId('pos-confirm-payment').click();
    const order = (await (await sold).json()).data as { id: string };
    const receipt = page.getByTestId('pos-receipt-dialog');
    await expect(receipt.getByTestId('order-receipt')).toContainText(`${say.drink} ${stamp}`);
    await receipt.getByTestId('pos-new-sale').click();
    await expect(receipt).toBeHidden();

    // Sold out from the tile's menu: the other POS greys it out live.
    await page.getByTestId('pos-product-menu-FOD-004').click();
    await page.getByRole('menuitem', { name: say.soldOut }).click();
    await expect(page.getByTestId('pos-product-FOD-004')).toBeDisabled();
    await expect(manager.getByTestId('pos-product-FOD-004')).toBeDisabled({ timeout: LIVE_MS });

    // The order on the board: accepted, ready, handed over.
    await page.goto('/app/status-order');
    const card = boardCard(page, order);
    const inColumn = (status: string) =>
      boardCard(page.getByTestId(`board-column-${status}`), order);
    await tapUntilMoved(
      inColumn('PENDING').getByRole('button', { name: say.accept }),
      inColumn('APPROVED'),
    );
    await tapUntilMoved(
      inColumn('APPROVED').getByRole('button', { name: say.ready }),
      inColumn('COMPLETED'),
    );
    await inColumn('COMPLETED').getByTestId('board-hand-over').click();
    await expect(card).toHaveCount(0);

    // The close: float + the sale, counted 5 sen short (within the tolerance), then printed.
    await page.goto('/pos');
    await page.getByTestId('pos-shift').click();
    await page.getByTestId('pos-shift-close').click();
    const close = page.getByTestId('shift-close-dialog');
    const expected = 5_000 + total;
    await expect(close.getByTestId('shift-close-expected')).toContainText(
      (expected / 100).toFixed(2),
    );
    for (const [key, n] of Object.entries(countOf(expected - 5))) {
      await close.getByTestId(`shift-count-${key}`).fill(String(n));
    }
    await expect(close.getByTestId('shift-close-variance')).toHaveAttribute('data-variance', '-5');
    await close.getByTestId('shift-close-submit').click();
    const report = page.getByTestId('shift-report');
    await expect(report.getByTestId('shift-report-variance')).toContainText('-0.05');
    await page.getByTestId('shift-report-print').click();
    await expectPrinted(page, 1);
    await page.getByTestId('shift-report-close').click();
    await till.close();
    await other.close();
  });
}
