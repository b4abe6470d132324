import type { APIRequestContext, Page } from '@playwright/test';
import { voucherRefusalErrors } from '../../packages/contract/src/error-codes-vouchers';
import { demoPassword, expect, test, watchConsole } from '../fixtures';
import { openAllDay } from '../support/outlets';
import { apiLogin, signIn } from '../support/session';
import { openShiftIfAsked } from '../support/shifts';
import { moneyText, outletName, usageAround, type DayFigures } from '../support/vouchers';
import { klFormDate } from '../support/kl-dates';
import { chargesOn, halfUp, type PosPricing } from '../support/pricing';
import { createProduct } from '../support/catalogue';

// Vouchers end to end, from the voucher to its usage figures: the admin makes a single-use dine-in
// voucher on /voucher; a cashier is refused it below its minimum spend, then sells with it and
// sees the discount and the SST recomputed; the next sale with the same code is refused because
// it is used up; /voucher-campaign's daily and latest usage show the sale. Every figure is worked
// out below from the pricing rule (DESIGN §3, decision 052) and the outlet's own rates, so the
// journey holds whatever the tenant's settings are. Campaigns and rewards: vouchers-issued.spec.ts.

test.use({ viewport: { width: 1280, height: 900 } });

const stamp = Date.now().toString(36).toUpperCase();
const code = `J20-${stamp}`;
const UNIT_PRICE = 1350;
const RATE_BP = 2000;
const CAP = 500;
const MIN_SPEND = 1500;

const money = (sen: number) => new RegExp(`RM\\s?${(sen / 100).toFixed(2).replace('.', '\\.')}`);

/** A product of this run at a round price with no choices, sold at KL01. */
async function journeyProduct(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const sku = `VCH-${stamp}`;
  await createProduct(request, headers, { name: `Kaya Set ${stamp}`, sku, base_price: UNIT_PRICE });
  return sku;
}

/** KL01's pricing settings, as the POS reads them. */
async function klPricing(request: APIRequestContext, outletId: string) {
  const { token } = await apiLogin(request, 'cashier');
  const res = await request.get(`/api/pos/context?outlet_id=${outletId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.pricing as PosPricing & { cash_rounding: boolean };
}

/** Opens the voucher dialog, types the code and applies it. */
async function applyCode(page: Page) {
  await page.getByTestId('pos-voucher').click();
  const dialog = page.getByTestId('pos-voucher-dialog');
  await dialog.getByTestId('pos-voucher-code').fill(code.toLowerCase());
  await dialog.getByTestId('pos-voucher-apply').click();
  return dialog;
}

/** A dine-in cart of `units` of the journey's product at table 7. */
async function dineInCart(page: Page, sku: string, units: number) {
  for (let i = 0; i < units; i++) await page.getByTestId(`pos-product-${sku}`).click();
  await expect(page.getByTestId('pos-cart-line')).toHaveCount(1);
  await page.getByTestId('pos-serving-dine_in').click();
  await page.getByTestId('pos-table-no').fill('7');
  await expect(page.getByTestId('pos-subtotal')).toHaveText(money(units * UNIT_PRICE));
}

test('a single-use dine-in voucher: made on /voucher, refused below its minimum, sold once, then used up', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Two screens, two sales and the usage views: minutes on a machine shared by parallel runs.
  test.setTimeout(300_000);
  const outletId = await openAllDay(request, 'KL01');
  const sku = await journeyProduct(request);
  const pricing = await klPricing(request, outletId);
  // Other journeys sell with vouchers at KL01 too: the usage views are read against these.
  const usageBefore = await usageAround(request, outletId);

  // The admin's voucher: 20 % capped at RM 5, RM 15 minimum, dine-in only, one use in all, valid
  // from two days ago (so it never hangs on the clock the run starts at).
  // Opened straight from a link: the sign-in brings the admin back to /voucher.
  await page.goto('/voucher');
  await expect(page).toHaveURL(/\/login\?to=%2Fvoucher$/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/voucher$/);
  await page.getByTestId('voucher-add').click();
  const drawer = page.getByTestId('voucher-drawer');
  await drawer.getByLabel('Name (English)').fill(`Journey 20% ${stamp}`);
  await drawer.getByLabel('Name (Melayu)').fill(`Perjalanan 20% ${stamp}`);
  await drawer.getByTestId('voucher-code').fill(code);
  await drawer.getByLabel('Discount', { exact: true }).fill('20');
  await drawer.getByTestId('voucher-max-discount').fill('5.00');
  await drawer.getByTestId('voucher-min-spend').fill('15.00');
  await drawer.getByTestId('voucher-from-date').fill(klFormDate(-2));
  await drawer.getByTestId('voucher-from-date').press('Enter');
  await drawer.getByTestId('voucher-from-time').fill('00:00');
  await drawer.getByLabel('Total redemptions').fill('1');
  await drawer.getByRole('checkbox', { name: 'Dine in', exact: true }).check();
  await drawer.getByTestId('voucher-save').click();
  await expect(page.getByText('Voucher created')).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search by name or code').fill(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('voucher-used')).toHaveText('0 of 1');

  // The cashier at KL01: one set (RM 13.50) is below the RM 15 minimum, and is told so.
  // Another tab of the same browser: its own session (kept per tab), traced with the admin's.
  const cashier = await page.context().newPage();
  watchConsole(cashier, consoleErrors);
  await signIn(cashier, 'cashier');
  await openShiftIfAsked(cashier);
  await dineInCart(cashier, sku, 1);
  const dialog = await applyCode(cashier);
  await expect(dialog.getByTestId('pos-voucher-problem')).toHaveText(
    voucherRefusalErrors.voucher_min_spend.en,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Two sets: RM 27.00. 20 % is RM 5.40, capped at RM 5.00; the service charge and SST are
  // charged on what is left, at the outlet's rates, each rounded half-up to the sen.
  await cashier.getByTestId(`pos-product-${sku}`).click();
  const subtotal = 2 * UNIT_PRICE;
  const discount = Math.min(halfUp(subtotal, RATE_BP), CAP);
  expect([subtotal, discount]).toEqual([2700, 500]);
  const after = subtotal - discount;
  const { charge, tax: sst, total } = chargesOn(after, pricing, 'dine_in');
  expect(subtotal).toBeGreaterThanOrEqual(MIN_SPEND);
  await expect(cashier.getByTestId('pos-subtotal')).toHaveText(money(subtotal));
  await applyCode(cashier);
  await expect(cashier.getByTestId('pos-voucher-dialog')).toBeHidden();
  await expect(cashier.getByTestId('pos-voucher-line')).toHaveAttribute('data-state', 'applies');
  await expect(cashier.getByTestId('pos-voucher-discount')).toHaveText(money(discount));
  await expect(cashier.getByTestId('pos-sst')).toHaveText(money(sst));
  if (charge > 0) await expect(cashier.getByTestId('pos-service-charge')).toHaveText(money(charge));
  // The cart shows the cash price: rounded to the nearest 5 sen when the tenant rounds cash.
  const cashTotal = pricing.cash_rounding ? Math.round(total / 5) * 5 : total;
  await expect(cashier.getByTestId('pos-total')).toHaveText(money(cashTotal));

  // Paid by card (no cash rounding): the receipt shows the voucher and the same total.
  await cashier.getByTestId('pos-pay').click();
  const payment = cashier.getByTestId('pos-payment');
  await payment.getByTestId('pos-method-card').click();
  await payment.getByTestId('pos-reference').fill(`CARD${stamp}`);
  const sold = cashier.waitForResponse(
    (r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST',
  );
  await payment.getByTestId('pos-confirm-payment').click();
  const soldRes = await sold;
  expect(soldRes.status()).toBe(201);
  const order = (await soldRes.json()).data as { order_no: string; business_date: string };
  const receipt = cashier.getByTestId('pos-receipt-dialog');
  await expect(receipt.getByTestId('receipt-voucher')).toContainText(code);
  await expect(receipt.getByTestId('receipt-voucher')).toContainText((discount / 100).toFixed(2));
  await expect(receipt.getByTestId('receipt-total')).toContainText(money(total));
  await receipt.getByTestId('pos-new-sale').click();
  await expect(receipt).toBeHidden();

  // The same cart again with the same code: used up, and the cashier reads why at once (a sale
  // drops the POS's earlier findings, so the identical cart is checked afresh).
  await dineInCart(cashier, sku, 2);
  const again = await applyCode(cashier);
  await expect(again.getByTestId('pos-voucher-problem')).toHaveText(
    voucherRefusalErrors.voucher_limit_reached.en,
  );
  await again.getByRole('button', { name: 'Cancel' }).click();
  await cashier.close();

  // The back office counts the one use.
  await page.reload();
  await page.getByLabel('Search by name or code').fill(code);
  await expect(row.getByTestId('voucher-used')).toHaveText('1 of 1');

  // The sale counts on its business day at KL01: one more redemption, RM 5.00 more discount, and
  // its total among the sales that carried a voucher.
  const usageAfter = await usageAround(request, outletId);
  const day = order.business_date;
  const [was, now] = [usageBefore.get(day), usageAfter.get(day)];
  expect(was && now, `business day ${day} in the figures`).toBeTruthy();
  expect([now!.redemptions, now!.discount, now!.sales]).toEqual([
    was!.redemptions + 1,
    was!.discount + discount,
    was!.sales + total,
  ]);
  await expectUsageViews(page, {
    outlet: await outletName(request, outletId),
    day: now!,
    orderNo: order.order_no,
    voucher: `Journey 20% ${stamp}`,
    discount,
  });
});

/** /voucher-campaign: the sale in the daily usage of its outlet and day, and in latest usage. */
async function expectUsageViews(
  page: Page,
  sale: { outlet: string; day: DayFigures; orderNo: string; voucher: string; discount: number },
) {
  await page.goto('/voucher-campaign');
  // A screen's first load can take long on a loaded machine (shared by parallel runs).
  await expect(page.getByTestId('voucher-campaign-tab-daily')).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 30_000 },
  );
  const daily = page.getByTestId('usage-daily');
  await daily.getByRole('combobox', { name: 'Outlet' }).click({ timeout: 30_000 });
  await page.getByRole('option', { name: sale.outlet, exact: true }).click();
  const dayRow = daily.getByTestId('usage-daily-table').locator(`tr[data-key="${sale.day.date}"]`);
  await expect(dayRow.locator('[data-col="redemptions"]')).toHaveText(
    String(sale.day.redemptions),
    { timeout: 30_000 },
  );
  await expect(dayRow.locator('[data-col="discount_given"]')).toHaveText(
    moneyText(sale.day.discount - sale.day.returned_discount),
  );
  await expect(dayRow.locator('[data-col="sales"]')).toHaveText(
    moneyText(sale.day.sales - sale.day.refunds),
  );

  // Latest usage: the sale's own row, by its order number.
  await page.getByTestId('voucher-campaign-tab-latest').click();
  await expect(page).toHaveURL(/\?view=latest$/);
  const row = page
    .getByTestId('usage-latest-table')
    .getByRole('row')
    .filter({ hasText: sale.orderNo });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row.locator('[data-col="outlet"]')).toHaveText(sale.outlet);
  await expect(row.locator('[data-col="voucher"]')).toHaveText(sale.voucher);
  await expect(row.locator('[data-col="campaign"]')).toHaveText('—');
  await expect(row.locator('[data-col="discount"]')).toHaveText(moneyText(sale.discount));
}
