import { expect, LIVE_MS, test } from '../fixtures';
import { boardCard, tapUntilMoved } from '../support/board';
import { setSoldOut } from '../support/catalogue';
import { appSaleSetup, customerSignIn, placePaidOrder, plainProduct } from '../support/mobile';
import { signIn } from '../support/session';
import { openShiftIfAsked } from '../support/shifts';

// Sold out at the counter and handing an order over, on two tills at 1024×768: the cashier marks
// a product sold out from the POS tile's menu and the manager's POS greys it out live, without a
// reload; then a paid pick-up order is accepted, made ready and handed over on the cashier's board,
// and it leaves the manager's board too.

const tablet = { viewport: { width: 1024, height: 768 } };

test('a product marked sold out on one POS is disabled live on the other; an order is handed over on the board', async ({
  browser,
  request,
}) => {
  const { outletId, productId } = await appSaleSetup(request, 'KL01', 'FOD-001');
  // In stock to begin with, whatever an earlier journey left.
  await setSoldOut(request, outletId, await plainProduct(request, outletId, 'FOD-004'), false);

  const till = await browser.newContext(tablet);
  const other = await browser.newContext(tablet);
  const cashier = await till.newPage();
  const manager = await other.newPage();
  await signIn(cashier, 'cashier');
  await signIn(manager, 'manager');
  await cashier.goto('/pos');
  await openShiftIfAsked(cashier);
  await manager.goto('/pos');
  await openShiftIfAsked(manager);

  const tile = (page: typeof cashier) => page.getByTestId('pos-product-FOD-004');
  await expect(tile(cashier)).toBeEnabled();
  await expect(tile(manager)).toBeEnabled();
  // Set on the page: still there afterwards means the tile changed without a reload.
  await manager.evaluate(() => Object.assign(window, { soldOutMarker: 'same page' }));

  await cashier.getByTestId('pos-product-menu-FOD-004').click();
  await cashier.getByRole('menuitem', { name: 'Mark sold out today' }).click();
  await expect(tile(cashier)).toBeDisabled();
  await expect(tile(cashier)).toHaveAttribute('data-sold-out', 'true');

  await expect(tile(manager)).toBeDisabled({ timeout: LIVE_MS });
  await expect(tile(manager)).toHaveAttribute('data-sold-out', 'true');
  expect(await manager.evaluate(() => (window as { soldOutMarker?: string }).soldOutMarker)).toBe(
    'same page',
  );

  // Back in stock from the other till: the first follows live too.
  await manager.getByTestId('pos-product-menu-FOD-004').click();
  await manager.getByRole('menuitem', { name: 'Back in stock' }).click();
  await expect(tile(cashier)).toBeEnabled({ timeout: LIVE_MS });

  // Handed over on the board: a paid pick-up order, accepted, ready, then handed over.
  const phone = await browser.newContext();
  const customer = await customerSignIn(phone.request);
  const order = await placePaidOrder(phone.request, customer, outletId, productId);
  await cashier.goto('/app/status-order');
  await manager.goto('/app/status-order');
  const card = (page: typeof cashier) => boardCard(page, order);
  const inColumn = (status: string) =>
    boardCard(cashier.getByTestId(`board-column-${status}`), order);
  await tapUntilMoved(
    inColumn('PENDING').getByRole('button', { name: 'Accept' }),
    inColumn('APPROVED'),
  );
  await tapUntilMoved(
    inColumn('APPROVED').getByRole('button', { name: 'Ready' }),
    inColumn('COMPLETED'),
  );
  await expect(boardCard(cashier.getByTestId('board-column-COMPLETED'), order)).toBeVisible();
  await expect(boardCard(manager.getByTestId('board-column-COMPLETED'), order)).toBeVisible({
    timeout: LIVE_MS,
  });
  await card(cashier).getByRole('button', { name: 'Handed over' }).click();
  await expect(card(cashier)).toHaveCount(0);
  await expect(card(manager)).toHaveCount(0, { timeout: LIVE_MS });

  // Order details show when it was ready and handed over.
  await cashier.goto(`/order/details/${order.id}`);
  await expect(cashier.getByTestId('order-wait-handed-over')).toContainText('Handed over');
  await expect(cashier.getByTestId('order-wait-handed-over')).toContainText('after');

  await phone.close();
  await till.close();
  await other.close();
});
