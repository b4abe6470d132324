import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  busyCounterNoShifts,
  chooseTillAndOpen,
  counterDevice,
  KOPI,
  payExactCash,
  readData,
} from '../support/busy-counter';
import { closeOpenShifts } from '../support/shifts';

// The customer at a busy counter (JB01, 1024×768): attached by phone, the staff's note shows on
// the order; the wallet is topped up by cash at the counter, the receipt prints the balances
// after it and the cash lands in the till's drawer, not in sales; the next sale's receipt prints
// the points it earned and the balances after it.

test.use({ viewport: { width: 1024, height: 768 } });

const randomPhone = () => `+6011${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const customerBalances = (
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
) => readData<{ wallet_balance: number; points: number }>(request, `/api/customers/${id}`, headers);

test('a customer is topped up by cash at the counter and the receipts show the balances after', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const counter = await busyCounterNoShifts(request);
  const { frontTill, users, adminHeaders } = counter;

  // A customer the counter knows, with a note the staff left.
  const phone = randomPhone();
  const added = await request.post('/api/customers', {
    headers: adminHeaders,
    data: { name: 'Nadia Rahim', phone },
  });
  expect(added.status(), await added.text()).toBe(201);
  const customerId = (await added.json()).data.id as string;
  const noted = await request.post(`/api/customers/${customerId}/notes`, {
    headers: adminHeaders,
    data: { body: 'Peanut allergy' },
  });
  expect(noted.status(), await noted.text()).toBe(201);
  const before = await customerBalances(request, adminHeaders, customerId);

  const errors: string[] = [];
  const cashier = await counterDevice(browser, users.front.username, errors);
  const page = cashier.page;
  try {
    const shiftId = await chooseTillAndOpen(page, frontTill.id, 5);

    await test.step('the cashier attaches the customer by phone and sees the note', async () => {
      await page.getByTestId('pos-customer').click();
      const dialog = page.getByTestId('pos-customer-dialog');
      await dialog.getByTestId('pos-customer-phone').fill(phone);
      await dialog.getByTestId('pos-customer-find').click();
      await expect(dialog.getByTestId('pos-customer-notes')).toHaveText('Peanut allergy');
      await dialog.getByTestId('pos-customer-attach').click();
      const attached = page.getByTestId('pos-cart-customer');
      await expect(attached).toContainText('Nadia Rahim');
      await expect(attached.getByTestId('pos-customer-notes')).toHaveText('Peanut allergy');
    });

    await test.step('a RM 30 top-up by cash, RM 50 handed over, prints the new balances', async () => {
      await page.getByTestId('pos-customer-topup').click();
      const dialog = page.getByTestId('pos-topup-dialog');
      await dialog.getByTestId('pos-topup-amount').fill('30');
      await dialog.getByTestId('pos-topup-cash').click();
      await dialog.getByTestId('pos-topup-tendered').fill('50');
      await expect(dialog).toContainText('Change RM 20.00');
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/wallet/counter-topups') && r.request().method() === 'POST',
      );
      await dialog.getByTestId('pos-topup-submit').click();
      expect((await sent).status()).toBe(201);
      const receipt = dialog.getByTestId('topup-receipt');
      await expect(receipt.getByTestId('topup-receipt-amount')).toContainText('RM 30.00');
      const after = before.wallet_balance + 3_000;
      await expect(receipt.getByTestId('receipt-wallet-balance')).toContainText(
        `RM ${(after / 100).toFixed(2)}`,
      );
      await dialog.getByTestId('pos-topup-done').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('pos-cart-customer')).toContainText(
        `Wallet RM ${(after / 100).toFixed(2)}`,
      );
      expect((await customerBalances(request, adminHeaders, customerId)).wallet_balance).toBe(
        after,
      );
      // Stored value, not a sale: in the drawer's expected cash, not in the shift's sales.
      const shift = await readData<{
        orders: number;
        sales_total: number;
        figures: { cash_topups: number; expected: number };
      }>(request, `/api/shifts/${shiftId}`, adminHeaders);
      expect(shift).toMatchObject({ orders: 0, sales_total: 0 });
      expect(shift.figures.cash_topups).toBe(3_000);
      expect(shift.figures.expected).toBe(5_000 + 3_000);
    });

    await test.step('the next sale’s receipt prints the points earned and the balances after', async () => {
      await page.getByTestId(`pos-product-${KOPI}`).click();
      await payExactCash(page, async (receipt) => {
        // What the customer's ledgers now hold: the sale's points, the wallet as the top-up left it.
        const now = await customerBalances(request, adminHeaders, customerId);
        const earned = now.points - before.points;
        expect(earned).toBeGreaterThan(0);
        expect(now.wallet_balance).toBe(before.wallet_balance + 3_000);
        const loyalty = receipt.getByTestId('receipt-loyalty');
        await expect(loyalty).toContainText(`Points earned${earned}`);
        await expect(loyalty).toContainText(`Points balance${now.points.toLocaleString('en-MY')}`);
        await expect(loyalty.getByTestId('receipt-wallet-balance')).toContainText(
          `RM ${(now.wallet_balance / 100).toFixed(2)}`,
        );
      });
    });
    expect(errors, 'console errors at the counter').toEqual([]);
  } finally {
    await cashier.context.close();
    await closeOpenShifts(request, counter.outletId);
  }
});
