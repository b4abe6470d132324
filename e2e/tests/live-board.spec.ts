import { expect, test, watchConsole } from '../fixtures';
import { customerSignIn, placePaidOrder, plainProduct } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { apiLogin, signIn } from '../support/session';

// Issue 6: the bar's status board. The cashier's board is open in one browser context; orders
// come from the customer app (through its API) in another. A paid order must appear within a
// second; while the board's context is offline three orders are paid, and when it comes back each
// appears exactly once; the bell's count is the server's.

test('mobile orders reach the cashier’s board live, and none is lost or doubled across an outage', async ({
  browser,
  request,
}) => {
  const outletId = await openAllDay(request, 'KL01');
  const productId = await plainProduct(request, outletId, 'FOD-001');
  const customer = await customerSignIn(request);

  const board = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await board.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  await signIn(page, 'cashier');
  await page.goto('/app/status-order');
  await expect(page.getByTestId('status-board')).toBeVisible();
  await expect(page.getByTestId('board-live-interrupted')).toBeHidden();
  const pending = page.getByTestId('board-column-PENDING');

  // One order: on the board within a second of its payment.
  const first = await placePaidOrder(request, customer, outletId, productId);
  await expect(pending.getByTestId(`board-card-${first.order_no}`)).toBeVisible({
    timeout: 1_000,
  });
  await expect(pending.getByTestId(`board-card-${first.order_no}`)).toContainText('MOBILE');

  // The board's network drops: it says so, and three orders are paid meanwhile.
  await board.setOffline(true);
  await expect(page.getByTestId('board-live-interrupted')).toBeVisible();
  const missed = [];
  for (let i = 0; i < 3; i++) {
    missed.push(await placePaidOrder(request, customer, outletId, productId));
  }
  await page.waitForTimeout(500);
  for (const order of missed) {
    await expect(page.getByTestId(`board-card-${order.order_no}`)).toHaveCount(0);
  }

  // Back online: every missed order appears, each exactly once.
  await board.setOffline(false);
  await expect(page.getByTestId('board-live-interrupted')).toBeHidden();
  for (const order of [first, ...missed]) {
    await expect(pending.getByTestId(`board-card-${order.order_no}`)).toHaveCount(1);
  }

  // The bell counts what the server lists for the cashier.
  const { token } = await apiLogin(request, 'cashier');
  const listed = async () => {
    const res = await request.get('/api/notification', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()).data.list_notify_order as unknown[]).length;
  };
  const count = await listed();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('notifications-count')).toHaveText(String(Math.min(count, 99)));
  expect(errors, 'console errors on the board').toEqual([]);
  await board.close();
});
