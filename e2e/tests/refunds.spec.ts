import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test, watchConsole } from '../fixtures';
import { openAllDay } from '../support/outlets';
import { ensureShiftViaApi } from '../support/shifts';
import { apiLogin, signIn } from '../support/session';
import { chargesOn, type PosPricing } from '../support/pricing';

// Refunds of card sales at KL01. The cashier asks for them from the order's details; finance
// finds them in the refund list and approves, pays out and completes them. A partial refund of
// two items goes back by the original method and shows on the order and in the day's report;
// a bank-transfer refund waits for its transfer, gets the bank's reference and a proof image,
// and completes. The cashier never approves and sees the account number masked; finance sees it
// whole. Each journey sells its own order, so reruns on the same database never collide.

// A 1×1 transparent PNG, made in the test (no fixture file).
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** RM 12.34 (or RM12.34, as the ms-MY format writes it) as sen. */
const sen = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const ringgit = (amount: number) => new RegExp(`RM\\s?${(amount / 100).toFixed(2)}`);

interface Sale {
  id: string;
  order_no: string;
  total: number;
  items: { id: string; name: string; quantity: number }[];
}

/**
 * A paid card sale at the counter, through the API as the POS sends it (Idempotency-Key, the
 * total the POS works out from the outlet's prices and the tenant's charges), then served:
 * accepted and completed, as the cashier would on the status board.
 */
async function cardSale(
  request: APIRequestContext,
  outletId: string,
  lines: { sku: string; quantity: number }[],
): Promise<Sale> {
  const { token } = await apiLogin(request, 'cashier');
  const headers = { authorization: `Bearer ${token}` };
  const menuRes = await request.get(`/api/pos/menu?outlet_id=${outletId}`, { headers });
  expect(menuRes.status(), await menuRes.text()).toBe(200);
  const products = (await menuRes.json()).data.products as {
    id: string;
    sku: string;
    price: number;
    variant_groups: { required: boolean }[];
  }[];
  const contextRes = await request.get(`/api/pos/context?outlet_id=${outletId}`, { headers });
  expect(contextRes.status(), await contextRes.text()).toBe(200);
  const pricing = (await contextRes.json()).data.pricing as PosPricing;

  const items = lines.map(({ sku, quantity }) => {
    const product = products.find((p) => p.sku === sku);
    if (!product) throw new Error(`${sku} is not on the menu`);
    expect(
      product.variant_groups.some((g) => g.required),
      `${sku} needs no choices`,
    ).toBe(false);
    return { product, quantity };
  });
  // The contract's priceOrder for a card pick-up sale (no discount, no cash rounding).
  const subtotal = items.reduce((sum, i) => sum + i.product.price * i.quantity, 0);
  const { total } = chargesOn(subtotal, pricing, 'pick_up');

  await ensureShiftViaApi(request, headers, outletId);
  const created = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      outlet_id: outletId,
      serving_method: 'pick_up',
      items: items.map((i) => ({ product_id: i.product.id, quantity: i.quantity })),
      payments: [{ method: 'card', amount: total, reference: `CARD-${Date.now()}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sale = (await created.json()).data as Sale;
  expect(sale.total).toBe(total);
  for (const status of ['APPROVED', 'COMPLETED']) {
    const moved = await request.post(`/api/orders/${sale.id}/status`, {
      headers,
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return sale;
}

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A second signed-in browser whose console errors fail the journey too. */
async function signedInBrowser(browser: Browser, username: string, errors: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchConsole(page, errors);
  await signIn(page, username);
  return { context, page };
}

/** The refund's number from the dialog's toast, once the dialog has closed. */
async function requested(page: Page): Promise<string> {
  await expect(page.getByTestId('refund-dialog')).toBeHidden();
  const toast = page.getByTestId('toast-success').filter({ hasText: /requested/ });
  await expect(toast).toContainText(/RF-KL01-\d+/);
  return /RF-KL01-\d+/.exec((await toast.textContent()) ?? '')![0];
}

/** Finds the refund in the list by its number and opens its details. */
async function openFromList(page: Page, refundNo: string) {
  await page.goto('/refund/list');
  await page.getByRole('searchbox', { name: 'Refund or order no.' }).fill(refundNo);
  await expect(page).toHaveURL(new RegExp(`q=${refundNo}`));
  const row = page.getByTestId(`refund-row-${refundNo}`);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Open refund ${refundNo}` }).click();
  await expect(page).toHaveURL(/\/refund\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Refund ${refundNo}` })).toBeVisible();
}

const status = (page: Page) => page.getByTestId('refund-status');

/** The report's refunds for today, as finance reads it. */
async function todaysRefunds(page: Page): Promise<number> {
  await page.goto('/report?range=today');
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-loading', 'false');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  return sen((await page.getByTestId('report-kpi-refunds-value').textContent()) ?? '');
}

test('a cashier asks for a partial refund of two items of a card sale; finance approves and completes it; the order and the report show it', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a dialog, the list, the details and the report: more than a minute when busy.
  test.setTimeout(120_000);
  const outletId = await openAllDay(request, 'KL01');
  const sale = await cardSale(request, outletId, [
    { sku: 'FOD-001', quantity: 2 },
    { sku: 'FOD-006', quantity: 1 },
  ]);
  const nasiLemak = sale.items.find((i) => i.name === 'Nasi Lemak Ayam Goreng')!;
  const meeGoreng = sale.items.find((i) => i.name === 'Mee Goreng Mamak')!;

  const errors: string[] = [];
  const finance = await signedInBrowser(browser, 'finance', errors);
  const refundsBefore = await todaysRefunds(finance.page);

  let refundNo = '';
  let amount = 0;
  await test.step('the cashier asks for one of each dish back, by the card it was paid with', async () => {
    await signIn(page, 'cashier');
    await page.goto(`/order/details/${sale.id}`);
    const details = page.getByTestId('order-details');
    await expect(details.getByTestId('order-status')).toHaveAttribute('data-status', 'COMPLETED');
    await details.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${sale.order_no}` });
    await expect(dialog.getByTestId('refundable-remaining')).toContainText(ringgit(sale.total));

    await dialog.getByRole('radio', { name: 'Items' }).check();
    const items = dialog.getByRole('table', { name: 'Items to refund' });
    // Two plates of nasi lemak are left to refund (the "Left" column).
    const left = (name: string) =>
      items.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1);
    await expect(left(nasiLemak.name)).toHaveText('2');
    await expect(left(meeGoreng.name)).toHaveText('1');
    await items.getByLabel(`Quantity of ${nasiLemak.name}`).fill('1');
    await items.getByLabel(`Quantity of ${meeGoreng.name}`).fill('1');
    await expect(dialog.getByRole('combobox', { name: 'Pay back by' })).toContainText(
      'Original payment method',
    );
    await choose(page, dialog, 'Reason', 'Quality issue');
    await dialog.getByLabel('Note').fill('Both dishes came out cold');
    const total = dialog.getByTestId('refund-dialog-total');
    amount = sen((await total.locator('strong').textContent()) ?? '');
    // Two of three dishes: more than nothing, less than the whole sale.
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(sale.total);
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    refundNo = await requested(page);
  });

  await test.step('the cashier sees it pending in the list, with nothing to approve', async () => {
    await openFromList(page, refundNo);
    await expect(status(page)).toHaveAttribute('data-status', 'PENDING');
    await expect(page.getByTestId('refund-amount')).toContainText(ringgit(amount));
    await expect(page.getByTestId('refund-method')).toHaveText('Original payment method');
    await expect(page.getByTestId('refund-reason')).toHaveText('Quality issue');
    const refunded = page.getByRole('table', { name: 'Items refunded' });
    const quantity = (name: string) =>
      refunded.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1);
    await expect(quantity(nasiLemak.name)).toHaveText('1');
    await expect(quantity(meeGoreng.name)).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Print slip' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

    // Nor does the server let the cashier approve it by hand.
    const refundId = page.url().split('/').pop()!;
    const { token } = await apiLogin(request, 'cashier');
    const approve = await request.post(`/api/refunds/${refundId}/status`, {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      data: { status: 'APPROVED' },
    });
    expect(approve.status(), await approve.text()).toBe(403);
    await page.reload();
    await expect(status(page)).toHaveAttribute('data-status', 'PENDING');
  });

  await test.step('finance finds it in the list, approves it and completes it', async () => {
    const fp = finance.page;
    await openFromList(fp, refundNo);
    await expect(status(fp)).toHaveAttribute('data-status', 'PENDING');
    await fp.getByRole('button', { name: 'Approve' }).click();
    // Approving lets money go back: it asks first.
    const approve = fp.getByRole('dialog', { name: `Approve refund ${refundNo}?` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(status(fp)).toHaveAttribute('data-status', 'APPROVED');
    // Not a bank transfer: it is paid out straight away, no transfer to wait for.
    await expect(fp.getByRole('button', { name: 'Mark waiting transfer' })).toHaveCount(0);
    await fp.getByRole('button', { name: 'Complete' }).click();
    const confirm = fp.getByRole('dialog', { name: `Complete refund ${refundNo}?` });
    await expect(confirm).toContainText(ringgit(amount));
    await confirm.getByRole('button', { name: 'Complete' }).click();
    await expect(confirm).toBeHidden();
    await expect(status(fp)).toHaveAttribute('data-status', 'COMPLETED');
    await expect(fp.getByTestId('refund-timeline-entry')).toHaveCount(3);
    await expect(fp.getByTestId('refund-timeline')).toContainText('Rajesh Kumar');
    await expect(fp.getByTestId('refund-order-refunded')).toContainText(ringgit(amount));
  });

  await test.step('the order shows what was refunded', async () => {
    await page.goto(`/order/details/${sale.id}`);
    const breakdown = page.getByTestId('order-breakdown');
    await expect(breakdown).toContainText(ringgit(sale.total));
    await expect(breakdown).toContainText(new RegExp(`Refunded\\s*${ringgit(amount).source}`));
    // What remains refundable is what the sale has left.
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${sale.order_no}` });
    await expect(dialog.getByTestId('refundable-remaining')).toContainText(
      ringgit(sale.total - amount),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  // The report counts a refund on the business day it completed (today), in its refunds figure.
  await test.step('the report counts the refund on the day it completed', async () => {
    expect(await todaysRefunds(finance.page)).toBe(refundsBefore + amount);
  });

  expect(errors, 'console errors in finance’s browser').toEqual([]);
  await finance.context.close();
});

test('a bank-transfer refund waits for its transfer, gets its reference and proof, and completes; only finance sees the account number whole', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const outletId = await openAllDay(request, 'KL01');
  const sale = await cardSale(request, outletId, [{ sku: 'FOD-001', quantity: 1 }]);
  const account = `55${Date.now().toString().slice(-10)}`;
  const reference = `MBB${Date.now().toString(36).toUpperCase()}`;

  let refundNo = '';
  await test.step('the cashier asks for the whole sale back by bank transfer', async () => {
    await signIn(page, 'cashier');
    await page.goto(`/order/details/${sale.id}`);
    await page.getByTestId('order-details').getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${sale.order_no}` });
    await expect(dialog.getByRole('radio', { name: 'Whole order' })).toBeChecked();
    await choose(page, dialog, 'Pay back by', 'Bank transfer');
    await choose(page, dialog, 'Bank', 'Maybank');
    await dialog.getByLabel('Account holder').fill('Lim Mei Ling');
    await dialog.getByLabel('Account number').fill(account);
    await choose(page, dialog, 'Reason', 'Charged twice');
    await expect(dialog.getByTestId('refund-dialog-total')).toContainText(ringgit(sale.total));
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    refundNo = await requested(page);
  });

  await test.step('the cashier sees the account number masked', async () => {
    await openFromList(page, refundNo);
    await expect(status(page)).toHaveAttribute('data-status', 'PENDING');
    const bank = page.getByTestId('refund-bank');
    await expect(bank).toContainText('Maybank');
    await expect(bank).toContainText('Lim Mei Ling');
    await expect(bank.getByTestId('refund-account-number')).toHaveText(`••••${account.slice(-4)}`);
    await expect(bank).not.toContainText(account);
    await expect(bank).toContainText('Shown masked');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  const errors: string[] = [];
  const finance = await signedInBrowser(browser, 'finance', errors);
  const fp = finance.page;
  await test.step('finance sees the number whole and approves; the refund waits for its transfer', async () => {
    await openFromList(fp, refundNo);
    const bank = fp.getByTestId('refund-bank');
    await expect(bank.getByTestId('refund-account-number')).toHaveText(account);
    await expect(bank).not.toContainText('Shown masked');
    await fp.getByRole('button', { name: 'Approve' }).click();
    await fp.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(status(fp)).toHaveAttribute('data-status', 'APPROVED');
    // A transfer is not complete until the money has gone.
    await expect(fp.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await fp.getByRole('button', { name: 'Mark waiting transfer' }).click();
    await expect(status(fp)).toHaveAttribute('data-status', 'WAITING TRANSFER');
  });

  await test.step('finance records the transfer with its reference and proof', async () => {
    await fp.getByRole('button', { name: 'Mark transferred' }).click();
    const dialog = fp.getByRole('dialog', { name: `Record the transfer of refund ${refundNo}` });
    await expect(dialog).toContainText(ringgit(sale.total));
    // Neither the reference nor the proof may be left out.
    await dialog.getByRole('button', { name: 'Mark transferred' }).click();
    await expect(dialog).toContainText('Enter the bank’s reference.');
    await expect(dialog).toContainText('Attach the proof of transfer.');
    await dialog.getByLabel('Transfer reference').fill(reference);
    await dialog.getByTestId('refund-proof-input').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: onePixelPng,
    });
    await expect(dialog).toContainText('transfer.png');
    await dialog.getByRole('button', { name: 'Mark transferred' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(fp)).toHaveAttribute('data-status', 'TRANSFERED');
    const bank = fp.getByTestId('refund-bank');
    await expect(bank.getByTestId('refund-transfer-reference')).toHaveText(reference);
    const proof = bank.getByRole('img', { name: `Proof of transfer of refund ${refundNo}` });
    await expect(proof).toBeVisible();
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });

  await test.step('finance completes it; the order shows it refunded', async () => {
    await fp.getByRole('button', { name: 'Complete' }).click();
    const confirm = fp.getByRole('dialog', { name: `Complete refund ${refundNo}?` });
    await confirm.getByRole('button', { name: 'Complete' }).click();
    await expect(confirm).toBeHidden();
    await expect(status(fp)).toHaveAttribute('data-status', 'COMPLETED');
    const timeline = fp.getByTestId('refund-timeline-entry');
    await expect(timeline).toHaveCount(5);
    await expect(timeline.nth(3)).toContainText('Waiting transfer → Transferred');
    await expect(fp.getByTestId('refund-order-refunded')).toContainText(ringgit(sale.total));

    // The cashier's view keeps the number masked, and now shows the reference too.
    await page.reload();
    await expect(status(page)).toHaveAttribute('data-status', 'COMPLETED');
    await expect(page.getByTestId('refund-account-number')).toHaveText(`••••${account.slice(-4)}`);
    await expect(page.getByTestId('refund-transfer-reference')).toHaveText(reference);
    await page.goto(`/order/details/${sale.id}`);
    await expect(page.getByTestId('order-breakdown')).toContainText(
      new RegExp(`Refunded\\s*${ringgit(sale.total).source}`),
    );
  });

  expect(errors, 'console errors in finance’s browser').toEqual([]);
  await finance.context.close();
});
