import { randomUUID } from 'node:crypto';
import { boardCard } from '../support/board';
import { expect, test } from '../fixtures';
import { startFakeBillplz } from '../support/billplz';
import { customerSignIn, placeOrder, plainProduct } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { apiLogin, signIn } from '../support/session';

// The admin sets up Billplz in sandbox mode on General Settings → Payment Gateway, tests the
// connection (against a fake Billplz on the loopback), and a customer-app order paid through it
// reaches the cashier's status board once Billplz's signed callback arrives. The gateway is
// removed at the end: other journeys pay through the sandbox.

const CREDENTIALS = {
  api_key: 'e2e-billplz-api-key-4821',
  x_signature_key: 'S-e2e-billplz-signature-7310',
  collection_id: 'e2e_collection',
};

test('admin sets up Billplz, tests it, and an app order paid through it reaches the board', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const billplz = await startFakeBillplz({
    apiKey: CREDENTIALS.api_key,
    signatureKey: CREDENTIALS.x_signature_key,
    collectionId: CREDENTIALS.collection_id,
  });
  try {
    await signIn(page, 'admin');
    await page.goto('/ge/payment-gateway');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Gateway' })).toBeVisible();
    await page.getByTestId('payment-gateway-add').click();
    const drawer = page.getByTestId('payment-gateway-drawer');
    await drawer.getByLabel('Cards').check();
    await drawer.getByLabel('API secret key').fill(CREDENTIALS.api_key);
    await drawer.getByLabel('X Signature key').fill(CREDENTIALS.x_signature_key);
    await drawer.getByLabel('Collection ID').fill(CREDENTIALS.collection_id);
    await drawer.getByTestId('payment-gateway-save').click();
    const card = page.getByTestId('payment-gateway-billplz');
    await expect(card.getByTestId('payment-gateway-credential-api_key')).toContainText(
      '••••••4821',
    );
    await expect(card).not.toContainText(CREDENTIALS.api_key);
    // The collection is no secret: shown whole, to check against Billplz's dashboard.
    await expect(card.getByTestId('payment-gateway-credential-collection_id')).toContainText(
      CREDENTIALS.collection_id,
    );
    await expect(card.getByTestId('payment-gateway-callback-url')).toContainText(
      '/api/payments/billplz/callback',
    );
    await card.getByTestId('payment-gateway-test').click();
    await expect(card.getByTestId('payment-gateway-test-result')).toHaveText(
      'Billplz answered: the connection works',
    );

    // The customer app, through its API as the phone would, pays with Billplz.
    const outletId = await openAllDay(page.request, 'KL01');
    const productId = await plainProduct(page.request, outletId, 'FOD-001');
    const phone = await browser.newContext();
    const customer = await customerSignIn(phone.request);
    const order = await placeOrder(phone.request, customer, outletId, [
      { product_id: productId, quantity: 1 },
    ]);
    const started = await phone.request.post(`/api/mobile/orders/${order.id}/pay`, {
      headers: { ...customer, 'idempotency-key': randomUUID() },
      data: { provider: 'billplz', method: 'card' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const payment = (await started.json()).data as { payment_id: string; redirect_url: string };
    const bill = billplz.billOf(payment.payment_id)!;
    expect(payment.redirect_url).toBe(bill.url);
    await phone.close();

    const board = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const cashier = await board.newPage();
    await signIn(cashier, 'cashier');
    await cashier.goto('/app/status-order');
    await expect(cashier.getByTestId('status-board')).toBeVisible();
    const pending = cashier.getByTestId('board-column-PENDING');
    await expect(boardCard(pending, order)).toBeHidden();
    const callback = await billplz.pay(bill, baseURL!);
    expect(callback.status).toBe(200);
    await expect(boardCard(pending, order)).toBeVisible();
    await board.close();

    // The customer's browser comes back from Billplz to a page saying the payment is received.
    const back = await browser.newContext({ locale: 'ms-MY' });
    const backPage = await back.newPage();
    await backPage.goto(billplz.returnPath(bill));
    await expect(backPage.getByRole('heading', { level: 1 })).toHaveText('Pembayaran diterima');
    await back.close();

    // Finance's view of it: the gateway, asked about this week's payments, agrees with ours.
    await page.goto('/ge/payment-gateway');
    await page.getByTestId('payment-gateway-reconcile').click();
    await expect(page).toHaveURL(/\/ge\/payment-gateway\/reconciliation/);
    await page.getByTestId('reconciliation-run').click();
    await expect(page.getByTestId('reconciliation-count-matched')).toContainText('1');
    await expect(page.getByTestId('reconciliation-count-amount_mismatch')).toContainText('0');
  } finally {
    await billplz.close();
    const { token } = await apiLogin(page.request, 'admin');
    const headers = { authorization: `Bearer ${token}` };
    const list = await page.request.get('/api/payment-gateways', { headers });
    for (const g of ((await list.json()).data ?? []) as { id: string }[]) {
      await page.request.delete(`/api/payment-gateways/${g.id}`, { headers });
    }
  }
});
