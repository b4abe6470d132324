import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from '../fixtures';
import { customerSignIn, payInSandbox } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { openShiftIfAsked } from '../support/shifts';
import { signIn } from '../support/session';

// One customer across the app and the counter: the customer tops up RM 10.00 in the app (the
// sandbox provider's signed callback credits the wallet), shows a payment code, and the cashier
// takes RM 5.00 of a sale from the wallet by that code and the rest in cash. The admin reads the
// customer's wallet and points ledgers; finance adjusts the wallet with a reason and the audit
// log shows it.

const phone = '+60198765432';
const money = (ringgit: string) => new RegExp(`RM\\s?${ringgit.replace('.', '\\.')}`);

const topUp = (request: APIRequestContext, customer: Record<string, string>, sen: number) =>
  payInSandbox(request, customer, '/api/mobile/wallet/topups', {
    amount: sen,
    method: 'duitnow_qr',
  });

async function staffPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return { page, close: () => context.close() };
}

test('a customer tops up in the app, pays part of a counter sale with the wallet by a payment code and the rest in cash; the ledgers show it and finance adjusts the wallet with a reason', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await openAllDay(request, 'KL01');
  const customer = await customerSignIn(request, phone);
  const me = (await (await request.get('/api/mobile/me', { headers: customer })).json()).data as {
    id: string;
  };
  const walletOf = async () =>
    (
      (await (await request.get('/api/mobile/wallet', { headers: customer })).json()).data as {
        balance: number;
      }
    ).balance;
  const before = await walletOf();
  await topUp(request, customer, 1000);
  expect(await walletOf()).toBe(before + 1000);

  // The app shows a code valid for 60 seconds; the customer reads it out to the cashier.
  const issued = await request.post('/api/mobile/wallet/payment-code', { headers: customer });
  expect(issued.status(), await issued.text()).toBe(201);
  const { code } = (await issued.json()).data as { code: string };

  await signIn(page, 'cashier');
  await page.goto('/pos');
  await expect(page.getByTestId('pos-outlet-select')).toContainText('KL01');
  await openShiftIfAsked(page);
  await page.getByTestId('pos-product-FOD-001').click();
  await page.getByTestId('pos-product-FOD-001').click();
  await page.getByTestId('pos-serving-pick_up').click();
  await page.getByTestId('pos-pay').click();
  const payment = page.getByTestId('pos-payment');
  await payment.getByTestId('pos-method-wallet').click();
  await payment.getByTestId('pos-wallet-code').fill(`KOPIPAY:${code}`);
  await payment.getByTestId('pos-wallet-check').click();
  await expect(payment.getByTestId('pos-wallet-checked')).toBeVisible();
  await payment.getByTestId('pos-amount').fill('5.00');
  await payment.getByTestId('pos-add-payment').click();
  await expect(payment.getByTestId('pos-payment-parts')).toContainText(money('5.00'));
  await payment.getByTestId('pos-method-cash').click();
  await payment.getByTestId('pos-cash-exact').click();
  await payment.getByTestId('pos-confirm-payment').click();

  const receipt = page.getByTestId('pos-receipt-dialog').getByTestId('order-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Kopi wallet');
  await expect(receipt).toContainText('Cash');
  const orderNo = /KL01-\d{4}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(orderNo, 'order number on the receipt').toBeTruthy();
  expect(await walletOf()).toBe(before + 1000 - 500);

  // The admin reads the customer: the spend names the order, and the sale earned points.
  const admin = await staffPage(browser, 'admin');
  await admin.page.goto(`/customer/details/${me.id}?tab=wallet`);
  const ledger = admin.page.getByTestId('customer-details');
  await expect(ledger.getByTestId('customer-wallet-balance')).toContainText(
    money(((before + 500) / 100).toFixed(2)),
  );
  const spend = admin.page.getByRole('row').filter({ hasText: orderNo! });
  // Ledger amounts are signed, as a bank statement prints them.
  await expect(spend.getByTestId('wallet-entry-amount')).toHaveText(/^-\s?(RM\s?)?5\.00$/);
  await expect(admin.page.locator('[data-kind="topup"]').first()).toBeVisible();
  await admin.page.getByTestId('customer-tab-points').click();
  await expect(admin.page.getByRole('row').filter({ hasText: orderNo! })).toBeVisible();
  await admin.close();

  // Finance credits RM 2.00 with a reason; the ledger and the audit log show it.
  const finance = await staffPage(browser, 'finance');
  await finance.page.goto(`/customer/details/${me.id}?tab=wallet`);
  await finance.page.getByTestId('customer-adjust-wallet').click();
  const dialog = finance.page.getByTestId('wallet-adjust-dialog');
  await dialog.getByTestId('wallet-adjust-amount').fill('2.00');
  await dialog.getByTestId('wallet-adjust-reason').fill('Goodwill: drink served late');
  await dialog.getByTestId('wallet-adjust-save').click();
  await expect(dialog).toBeHidden();
  await expect(finance.page.getByTestId('customer-wallet-balance')).toContainText(
    money(((before + 700) / 100).toFixed(2)),
  );
  await expect(
    finance.page.getByRole('row').filter({ hasText: 'Goodwill: drink served late' }),
  ).toBeVisible();
  await finance.page.goto(`/settings/logs?action=wallet.adjust`);
  const actions = finance.page.getByTestId('logs-table').getByTestId('log-action');
  await expect(actions.first()).toHaveText('Wallet adjusted');
  await finance.page
    .getByTestId('log-row')
    .filter({ hasText: 'Wallet adjusted' })
    .first()
    .getByTestId('log-open')
    .click();
  await expect(finance.page.getByTestId('log-detail')).toContainText('Goodwill: drink served late');
  await finance.close();
});
