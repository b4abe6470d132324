import type { WebSocket } from '@playwright/test';
import { boardCard } from '../support/board';
import { expect, test, watchConsole } from '../fixtures';
import { appSaleSetup, customerSignIn, placePaidOrder } from '../support/mobile';
import { apiLogin, signIn } from '../support/session';

// The bar's status board. Two browser contexts: the cashier's board in one, the
// customer's phone in the other (the customer app is API-only, so the phone drives it through its
// context's own request client). A paid order must reach the board by its socket; while the board's
// context is offline three orders are paid, and when it comes back each appears exactly once,
// delivered by the socket's replay (`since`), not by a reload; the bell counts the server's list.

interface LiveFrame {
  event_id?: number;
  type: string;
  last_event_id?: number | null;
  message?: { id_order?: string; status?: string };
}

interface SeenSocket {
  socket: WebSocket;
  url: URL;
  frames: LiveFrame[];
}

test('mobile orders reach the cashier’s board live, and none is lost or doubled across an outage', async ({
  browser,
  request,
}) => {
  const { outletId, productId } = await appSaleSetup(request, 'KL01', 'FOD-001');

  const phone = await browser.newContext();
  const customer = await customerSignIn(phone.request);

  const board = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await board.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  // Every live socket the board opens, with the JSON frames it receives.
  const sockets: SeenSocket[] = [];
  page.on('websocket', (socket) => {
    const url = new URL(socket.url());
    if (url.pathname !== '/ws') return;
    const seen: SeenSocket = { socket, url, frames: [] };
    sockets.push(seen);
    socket.on('framereceived', ({ payload }) => {
      try {
        seen.frames.push(JSON.parse(String(payload)) as LiveFrame);
      } catch {
        // not JSON: not a live message
      }
    });
  });
  const events = (seen: SeenSocket) => seen.frames.filter((f) => f.event_id !== undefined);

  await signIn(page, 'cashier');
  await page.goto('/app/status-order');
  await expect(page.getByTestId('status-board')).toBeVisible();
  await expect(page.getByTestId('board-live-interrupted')).toBeHidden();
  await expect.poll(() => sockets.at(-1)?.frames.some((f) => f.type === 'hello')).toBe(true);
  const pending = page.getByTestId('board-column-PENDING');
  // Set on the page: still there afterwards means the board caught up without a reload.
  await page.evaluate(() => Object.assign(window, { liveBoardMarker: 'same page' }));

  // One order from the phone: its payment's event reaches the board's socket, and the card shows.
  // Delivery is judged by the socket, not by a clock: a second on a busy machine proves nothing.
  const first = await placePaidOrder(phone.request, customer, outletId, productId);
  await expect
    .poll(() =>
      sockets
        .at(-1)!
        .frames.some((f) => f.type === 'order.status' && f.message?.id_order === first.id),
    )
    .toBe(true);
  await expect(boardCard(pending, first)).toBeVisible();
  await expect(boardCard(pending, first)).toContainText('MOBILE');

  // The board's network drops: its socket closes and it says so. Three orders are paid meanwhile.
  const beforeOutage = sockets.at(-1)!;
  await expect.poll(() => events(beforeOutage).length).toBeGreaterThan(0);
  const lastSeen = Math.max(...sockets.flatMap(events).map((f) => f.event_id!));
  await board.setOffline(true);
  await expect(page.getByTestId('board-live-interrupted')).toBeVisible();
  await expect.poll(() => beforeOutage.socket.isClosed()).toBe(true);
  const missed: Awaited<ReturnType<typeof placePaidOrder>>[] = [];
  for (let i = 0; i < 3; i++) {
    missed.push(await placePaidOrder(phone.request, customer, outletId, productId));
  }
  await page.waitForTimeout(500);
  for (const order of missed) {
    await expect(boardCard(page, order)).toHaveCount(0);
  }

  // Back online: every missed order appears, each exactly once.
  await board.setOffline(false);
  await expect(page.getByTestId('board-live-interrupted')).toBeHidden();
  for (const order of [first, ...missed]) {
    await expect(boardCard(pending, order)).toHaveCount(1);
  }
  expect(await page.evaluate(() => (window as { liveBoardMarker?: string }).liveBoardMarker)).toBe(
    'same page',
  );

  // The new socket asked for what came after the last event seen, and the replay brought each
  // missed payment exactly once; no event reached the board twice, and ids only went up.
  const afterOutage = sockets.at(-1)!;
  expect(afterOutage).not.toBe(beforeOutage);
  expect(afterOutage.url.searchParams.get('since')).toBe(String(lastSeen));
  await expect
    .poll(() =>
      missed.map(
        (order) =>
          events(afterOutage).filter(
            (f) =>
              f.type === 'order.status' &&
              f.message?.id_order === order.id &&
              f.message?.status === 'PENDING',
          ).length,
      ),
    )
    .toEqual([1, 1, 1]);
  const ids = sockets.flatMap(events).map((f) => f.event_id!);
  expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));

  // The bell shows the length of the server's list for the cashier (SPEC §7): their unread ones.
  const { token } = await apiLogin(request, 'cashier');
  const listed = async () => {
    const res = await request.get('/api/notification', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).data as { list_notify_order: unknown[]; unread: number };
  };
  const data = await listed();
  expect(data.list_notify_order.length).toBe(data.unread);
  expect(data.unread).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('notifications-count')).toHaveText(
    data.unread > 99 ? '99+' : String(data.unread),
  );
  // The list is the server's, translated from its key and params.
  await page.getByTestId('notifications-button').click();
  const list = page.getByTestId('notifications-list');
  for (const order of [first, ...missed]) {
    await expect(list.getByText(`New order ${order.order_no}`, { exact: true })).toHaveCount(1);
  }
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(data.unread, 100));
  await page.keyboard.press('Escape');
  expect(errors, 'console errors on the board').toEqual([]);
  await board.close();
  await phone.close();
});
