import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { demoPassword, expect, test } from '../fixtures';
import {
  busyCounter,
  busyCounterNoShifts,
  approveWithPin,
  busyStaff,
  chooseTillAndOpen,
  counterDevice,
  KOPI,
  MANAGER_PIN,
  payExactCash,
  readData,
  setPinViaApi,
} from '../support/busy-counter';
import { apiLogin } from '../support/session';
import { closeOpenShifts, countOf } from '../support/shifts';

// A busy counter at 1024×768, at Johor Bahru with two tills: two cashiers sell at once, each on
// their own device's till; a manager approves a drawer off by more than the tolerance by typing
// their PIN on the cashier's screen; a standard Kopi goes into the cart in one tap; and a cashier
// refunds one item of a receipt found by its number, with the manager's PIN, in cash from the
// drawer. Every journey closes the shifts it opened, so the outlet is left as it was found.

test.use({ viewport: { width: 1024, height: 768 } });

const NASI_LEMAK = 'FOD-001';
/** Not the manager's PIN (MANAGER_PIN). */
const WRONG_PIN = '1357';

const shiftReport = (request: APIRequestContext, headers: Record<string, string>, id: string) =>
  readData<{
    id: string;
    till_id: string;
    cashier_name: string;
    status: string;
    opened_at: string;
    business_date: string;
    orders: number;
    sales_total: number;
    tolerance: number;
    figures: { expected: number; cash_refunds: number };
  }>(request, `/api/shifts/${id}`, headers);

/** Adds a product to the cart with one tap on its tile. */
async function tap(page: Page, sku: string) {
  await page.getByTestId(`pos-product-${sku}`).click();
  await expect(page.getByTestId('pos-options-dialog')).toBeHidden();
}

test('two cashiers sell on two tills of one outlet at once; a held till is refused with its holder', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const counter = await busyCounterNoShifts(request);
  const { frontTill, barTill, users, adminHeaders } = counter;

  const errors: string[] = [];
  const devices: BrowserContext[] = [];
  try {
    // Both devices are switched on before either opens a shift: the second has read the tills
    // while Till 1 was free, and its chooser must show who holds it now.
    const front = await counterDevice(browser, users.front.username, errors);
    devices.push(front.context);
    const bar = await counterDevice(browser, users.bar.username, errors);
    devices.push(bar.context);
    await expect(bar.page.getByTestId('shift-open-dialog')).toBeVisible();
    const frontShift =
      await test.step('the first device chooses Till 1 and opens a shift', async () => {
        const id = await chooseTillAndOpen(front.page, frontTill.id, 5);
        await expect(front.page.getByTestId('pos-shift')).toContainText(
          `${frontTill.name} · ${users.front.fullname}`,
        );
        return id;
      });

    const barShift =
      await test.step('the second device sees Till 1 held and opens on the free till', async () => {
        const page = bar.page;
        await page.getByTestId('shift-open-switch-till').click();
        const chooser = page.getByTestId('till-chooser-dialog');
        await expect(chooser.locator(`[data-till-id="${frontTill.id}"]`)).toContainText(
          `Held by ${users.front.fullname}`,
        );
        await expect(chooser.locator(`[data-till-id="${barTill.id}"]`)).toContainText('Free');
        await chooser.getByRole('button', { name: 'Cancel' }).click();
        await expect(chooser).toBeHidden();
        // Put aside, the prompt leaves the top bar asking which till this device is.
        await expect(page.getByTestId('shift-open-dialog')).toBeHidden();
        await page.getByTestId('pos-till-choose').click();
        await chooser.locator(`[data-till-id="${barTill.id}"]`).click();
        const open = page.getByTestId('shift-open-dialog');
        await expect(open.getByTestId('shift-open-till')).toHaveValue(barTill.id);
        await open.getByTestId('shift-float-note_10').fill('2');
        await open.getByTestId('shift-open-submit').click();
        await expect(open).toBeHidden();
        const button = page.getByTestId('pos-shift');
        await expect(button).toContainText(`${barTill.name} · ${users.bar.fullname}`);
        await expect(button).toHaveAttribute('data-till-id', barTill.id);
        return (await button.getAttribute('data-shift-id'))!;
      });
    expect(barShift).not.toBe(frontShift);
    // The first device still shows its own till and shift.
    await expect(front.page.getByTestId('pos-shift')).toHaveAttribute('data-shift-id', frontShift);

    await test.step('both sell at the same time, each sale into its own till’s shift', async () => {
      await tap(front.page, KOPI);
      await tap(bar.page, NASI_LEMAK);
      await tap(bar.page, KOPI);
      const [frontSale, barSale] = await Promise.all([
        payExactCash(front.page),
        payExactCash(bar.page),
      ]);
      expect(frontSale).toMatchObject({ till_id: frontTill.id, shift_id: frontShift });
      expect(barSale).toMatchObject({ till_id: barTill.id, shift_id: barShift });

      // Each shift holds its own sale; its drawer expects the opening float and the sale's cash.
      const expectOneSale = async (
        shiftId: string,
        till: { id: string },
        cashier: string,
        sale: { total: number },
        float: number,
      ) => {
        const report = await shiftReport(request, adminHeaders, shiftId);
        expect(report).toMatchObject({
          till_id: till.id,
          cashier_name: cashier,
          orders: 1,
          sales_total: sale.total,
        });
        expect(report.figures.expected).toBe(float + sale.total);
      };
      await expectOneSale(frontShift, frontTill, users.front.fullname, frontSale, 5_000);
      await expectOneSale(barShift, barTill, users.bar.fullname, barSale, 2_000);
    });

    await test.step('a third device is refused a held till and told who holds it', async () => {
      const { token } = await apiLogin(request, users.manager.username);
      for (const [till, holder, shiftId] of [
        [frontTill, users.front.fullname, frontShift],
        [barTill, users.bar.fullname, barShift],
      ] as const) {
        const refused = await request.post('/api/shifts', {
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
          data: { till_id: till.id, float: {} },
        });
        expect(refused.status(), await refused.text()).toBe(409);
        const body = (await refused.json()) as {
          code_message: string;
          message: string;
          details: { path: string; message: string }[];
        };
        expect(body.code_message).toBe('shift_already_open');
        expect(body.message).toContain(till.name);
        const held = await shiftReport(request, adminHeaders, shiftId);
        expect(held.status).toBe('open');
        expect(body.details).toEqual([
          { path: 'cashier_name', message: holder },
          { path: 'opened_at', message: held.opened_at },
        ]);
      }
    });
    expect(errors, 'console errors on the two devices').toEqual([]);
  } finally {
    for (const context of devices) await context.close();
    await closeOpenShifts(request, counter.outletId);
  }
});

test('a manager approves a drawer over the tolerance by PIN on the cashier’s screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const counter = await busyCounterNoShifts(request);
  const { frontTill, users, adminHeaders } = counter;

  const errors: string[] = [];
  const manager = await counterDevice(browser, users.manager.username, errors);
  // The wrong PIN is refused with 403 on purpose.
  const cashier = await counterDevice(browser, users.front.username, errors, [403]);
  try {
    await test.step('the manager sets their PIN in account settings', async () => {
      const mp = manager.page;
      await mp.goto('/account-settings/security');
      const card = mp.getByTestId('pin-card');
      await expect(card.getByTestId('pin-status')).toBeVisible();
      await card.getByTestId('pin-new').fill(MANAGER_PIN);
      await card.getByTestId('pin-confirm').fill(MANAGER_PIN);
      await card.getByLabel('Your password', { exact: true }).fill(demoPassword);
      await card.getByTestId('pin-save').click();
      await expect(card.getByTestId('pin-status')).toHaveAttribute('data-status', 'set');
    });

    const page = cashier.page;
    const shiftId = await chooseTillAndOpen(page, frontTill.id, 5);
    const { tolerance } = await shiftReport(request, adminHeaders, shiftId);
    // RM 50 float, nothing sold: counted RM 10 more than the tolerance allows.
    const counted = 5_000 + tolerance + 1_000;

    await test.step('the cashier counts a drawer over the tolerance and says why', async () => {
      await page.getByTestId('pos-shift').click();
      await page.getByTestId('pos-shift-close').click();
      const close = page.getByTestId('shift-close-dialog');
      for (const [key, n] of Object.entries(countOf(counted))) {
        await close.getByTestId(`shift-count-${key}`).fill(String(n));
      }
      await expect(close.getByTestId('shift-close-variance')).toHaveAttribute(
        'data-variance',
        String(counted - 5_000),
      );
      await expect(close.getByTestId('shift-close-submit')).toBeDisabled();
      await close.getByTestId('shift-close-note').fill('A customer’s RM 10 left on the counter');
      await close.getByTestId('shift-close-submit').click();
    });

    await test.step('the manager picks their name; a wrong PIN is refused, the right one closes', async () => {
      const approval = page.getByTestId('pos-approval-dialog');
      await expect(approval).toContainText('Close the shift with this variance');
      await approveWithPin(page, users.manager.fullname, WRONG_PIN);
      await expect(approval.getByTestId('approval-error')).toHaveText('Wrong PIN');
      await approval.getByTestId('approval-pin').fill(MANAGER_PIN);
      await approval.getByTestId('pos-approval-apply').click();
      await expect(approval).toBeHidden();

      const report = page.getByTestId('shift-report');
      await expect(report).toContainText('SHIFT REPORT');
      await expect(report).toContainText(`Variance approved by ${users.manager.fullname}`);
      await expect(report).toContainText(`Closed by ${users.front.fullname}`);
      const closed = await shiftReport(request, adminHeaders, shiftId);
      expect(closed.status).toBe('closed');
    });

    await test.step('the cashier is still signed in at the POS, asked for the next shift', async () => {
      await page.getByTestId('shift-report-close').click();
      await expect(page).toHaveURL(/\/pos$/);
      await expect(page.getByTestId('pos-page')).toBeVisible();
      await expect(page.getByTestId('shift-open-dialog')).toBeVisible();
    });
    expect(errors, 'console errors on the two devices').toEqual([]);
  } finally {
    await manager.context.close();
    await cashier.context.close();
    await closeOpenShifts(request, counter.outletId);
  }
});

test('a standard Kopi goes into the cart in one tap; a long press opens its options', async ({
  browser,
  request,
}) => {
  const counter = await busyCounter(request);
  const errors: string[] = [];
  const { context, page } = await counterDevice(browser, counter.users.bar.username, errors);
  try {
    // Nothing is sold here: the prompt for a shift is put aside.
    const open = page.getByTestId('shift-open-dialog');
    await expect(open).toBeVisible();
    await open.getByRole('button', { name: 'Cancel' }).click();
    await expect(open).toBeHidden();

    await tap(page, KOPI);
    const lines = page.getByTestId('pos-cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByTestId('pos-cart-line-name')).toHaveText('Kopi');
    // Size and sugar are required: their marked defaults, Regular and Normal.
    await expect(lines.first()).toContainText('Regular');
    await expect(lines.first()).toContainText('Normal');
    await expect(lines.first().getByTestId('pos-line-quantity')).toHaveText('1');

    // A long press asks for the choices instead: a large one, the sugar left as it was.
    const tile = page.getByTestId(`pos-product-${KOPI}`);
    await tile.hover();
    await page.mouse.down();
    const options = page.getByTestId('pos-options-dialog');
    await expect(options).toBeVisible();
    await page.mouse.up();
    await expect(options.getByRole('radio', { name: 'Regular', exact: true })).toBeChecked();
    await expect(options.getByRole('radio', { name: 'Normal', exact: true })).toBeChecked();
    await options.getByRole('radio', { name: 'Large', exact: true }).check();
    await options.getByTestId('pos-option-add').click();
    await expect(options).toBeHidden();
    // The press added nothing by itself: one more line, the large one.
    await expect(lines).toHaveCount(2);
    const large = lines.filter({ hasText: 'Large' });
    await expect(large).toHaveCount(1);
    await expect(large).toContainText('Normal');
    await expect(large.getByTestId('pos-line-quantity')).toHaveText('1');
    expect(errors, 'console errors on the device').toEqual([]);
  } finally {
    await context.close();
  }
});

test('a cashier refunds one item of a receipt found by its number, with the manager’s PIN, in cash from the drawer', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const counter = await busyCounterNoShifts(request);
  await setPinViaApi(request, busyStaff.manager.username, MANAGER_PIN);
  const { frontTill, users, adminHeaders } = counter;

  const errors: string[] = [];
  const { context, page } = await counterDevice(browser, users.front.username, errors);
  try {
    const shiftId = await chooseTillAndOpen(page, frontTill.id, 5);
    await tap(page, KOPI);
    await tap(page, NASI_LEMAK);
    const sale = await payExactCash(page);
    expect(sale.items).toHaveLength(2);
    const { business_date: day } = await shiftReport(request, adminHeaders, shiftId);
    const shown = day.replaceAll('-', '/');

    let refundNo = '';
    let amount = '';
    await test.step('the cashier finds the receipt by its number; the matches show their day', async () => {
      await page.getByTestId('pos-refund').click();
      const find = page.getByTestId('pos-refund-find-dialog');
      await find.getByTestId('pos-refund-number').fill(String(Number(sale.order_no.slice(-4))));
      await find.getByTestId('pos-refund-search').click();
      const matches = find.getByTestId('pos-refund-match');
      await expect(matches.first()).toBeVisible();
      // Numbers start again each day: every match says its business day.
      for (const match of await matches.all()) {
        await expect(match).toContainText(sale.order_no);
        await expect(match).toContainText(/Business day \d{4}\/\d{2}\/\d{2}/);
      }
      await find.getByRole('button', { name: `Refund ${sale.order_no} of ${shown}` }).click();
      await expect(find).toBeHidden();
    });

    await test.step('one Kopi back in cash, approved by the manager’s PIN', async () => {
      const dialog = page.getByTestId('pos-refund-dialog');
      await expect(dialog).toContainText(`Refund ${sale.order_no} · ${shown}`);
      await dialog.getByTestId('pos-refund-kind-items').click();
      await dialog.getByRole('button', { name: 'One more Kopi' }).click();
      await expect(dialog.getByLabel('Quantity of Kopi')).toHaveText('1');
      // A cash sale is paid back in cash only.
      await expect(dialog.getByTestId('pos-refund-method')).toHaveText('Cash from the drawer');
      await dialog.getByTestId('pos-refund-reason').click();
      await page.getByRole('option', { name: 'Quality issue' }).click();
      await expect(page.getByRole('listbox')).toBeHidden();
      amount = /RM\s?[\d.]+/.exec(
        (await dialog.getByTestId('pos-refund-total').textContent()) ?? '',
      )![0];
      await dialog.getByTestId('pos-refund-submit').click();

      const approval = page.getByTestId('pos-approval-dialog');
      await expect(approval).toContainText('Refund at the counter');
      await approveWithPin(page, users.manager.fullname, MANAGER_PIN);
      await expect(approval).toBeHidden();
      await expect(dialog).toBeHidden();
      const toast = page.getByTestId('toast-success').filter({ hasText: /give back/ });
      await expect(toast).toContainText(`give back ${amount} in cash`);
      refundNo = /RF-JB01-\d+/.exec((await toast.textContent()) ?? '')![0];
    });

    await test.step('the drawer paid it: the shift counts the cash refund', async () => {
      const report = await shiftReport(request, adminHeaders, shiftId);
      const sen = Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100);
      expect(sen).toBeGreaterThan(0);
      expect(sen).toBeLessThan(sale.total);
      expect(report.figures.cash_refunds).toBe(sen);
      expect(report.figures.expected).toBe(5_000 + sale.total - sen);
    });

    await test.step('the order’s details list the refund, linked to its page', async () => {
      await page.goto(`/order/details/${sale.id}`);
      const refunds = page.getByTestId('order-refunds');
      const row = refunds.getByTestId('order-refund-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(amount);
      await expect(row.locator('[data-status="COMPLETED"]')).toBeVisible();
      await row.getByRole('link', { name: refundNo }).click();
      await expect(page).toHaveURL(/\/refund\/details\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: `Refund ${refundNo}` })).toBeVisible();
      await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'COMPLETED');
    });
    expect(errors, 'console errors on the device').toEqual([]);
  } finally {
    await context.close();
    await closeOpenShifts(request, counter.outletId);
  }
});
