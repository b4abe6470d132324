import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures';
import { openAllDay } from '../../support/outlets';
import { apiLogin, signIn } from '../../support/session';
import { countOf, senIn } from '../../support/shifts';

// The money rules at a Penang counter (decision 049): a cash sale is rung up and rejected, its
// refund (asked for on the reject) approved by finance and paid back from the till's drawer; the
// shift is counted and closed and the day closed. The shift report, the Z-report and the sales
// report agree: the void is money in and the same money out, neither a sale nor a refund of one,
// and the expected cash is the float plus the kept sale. A refund completed after the close counts
// on the next business day's Z-report (the server's clock is moved a day through the e2e-only dev
// route, then back). A new outlet of its own keeps the figures exact whatever else sold today;
// it closes a day and moves the clock, so it runs last, in the day-close project.

const money = (sen: number) => new RegExp(`RM\\s?${(sen / 100).toFixed(2)}`);

interface Sale {
  id: string;
  order_no: string;
  total: number;
}

/** What the contract's priceOrder charges for one pick-up line (no service charge on pick up). */
function priced(price: number, taxBp: number, cash: boolean) {
  const beforeRounding = price + Math.floor((price * taxBp + 5_000) / 10_000);
  if (!cash) return beforeRounding;
  // Cash rounds to 5 sen: 1, 2, 6, 7 down; 3, 4, 8, 9 up.
  const last = beforeRounding % 5;
  return beforeRounding - last + (last >= 3 ? 5 : 0);
}

async function sell(
  request: APIRequestContext,
  headers: Record<string, string>,
  outletId: string,
  tillId: string,
  product: { id: string; price: number },
  taxBp: number,
  method: 'cash' | 'card',
): Promise<Sale> {
  const total = priced(product.price, taxBp, method === 'cash');
  const res = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      outlet_id: outletId,
      till_id: tillId,
      serving_method: 'pick_up',
      items: [{ product_id: product.id, quantity: 1 }],
      payments: [
        method === 'cash'
          ? { method, amount: total, tendered: total }
          : { method, amount: total, reference: 'CARD-PN' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const sale = (await res.json()).data as Sale;
  expect(sale.total).toBe(total);
  return sale;
}

async function move(request: APIRequestContext, headers: Record<string, string>, id: string) {
  for (const status of ['APPROVED', 'COMPLETED']) {
    const res = await request.post(`/api/orders/${id}/status`, { headers, data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * Closes the outlet's business day from the order list (the browser's today, or `day` typed as
 * YYYY/MM/DD): its Z-report and the day it closed.
 */
async function closeDayOnScreen(page: Page, outletName: string, day?: string) {
  await page.goto('/order/list');
  await page.getByTestId('order-close-day').click();
  const dialog = page.getByTestId('close-day-dialog');
  await dialog.getByTestId('close-day-outlet').click();
  await page.getByRole('option', { name: outletName }).click();
  if (day) {
    // The server's clock has moved on; the browser's has not.
    await dialog.getByTestId('close-day-date').fill(day.replaceAll('-', '/'));
    await dialog.getByTestId('close-day-date').press('Enter');
  }
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/orders/close-day') && r.request().method() === 'POST',
  );
  await dialog.getByTestId('close-day-submit').click();
  const closed = await answer;
  expect(closed.status(), await closed.text()).toBe(200);
  const report = dialog.getByTestId('z-report');
  await expect(report).toBeVisible();
  return { report, day: ((await closed.json()).data as { business_date: string }).business_date };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('a voided cash sale: the shift, the Z-report and the report agree; a late refund counts the next day', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { token } = await apiLogin(request, 'admin');
  const admin = { authorization: `Bearer ${token}` };
  const code = `PN${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const outletName = `Penang Gurney ${code}`;
  const created = await request.post('/api/outlets', {
    headers: admin,
    data: { code, name: outletName, serving_methods: ['pick_up', 'dine_in'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const outletId = (await created.json()).data.id as string;
  await openAllDay(request, code);
  const tills = (
    await (await request.get(`/api/tills?outlet_id=${outletId}`, { headers: admin })).json()
  ).data as { id: string; name: string }[];
  const till = tills[0]!;
  expect(till.name).toBe('Till 1');
  // The admin's shift on Till 1 with a float of RM 100.00.
  const opened = await request.post('/api/shifts', {
    headers: { ...admin, 'idempotency-key': randomUUID() },
    data: { till_id: till.id, float: { note_10: 10 } },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const shiftId = (await opened.json()).data.id as string;
  const menu = (
    await (await request.get(`/api/pos/menu?outlet_id=${outletId}`, { headers: admin })).json()
  ).data.products as { id: string; sku: string; price: number }[];
  const nasiLemak = menu.find((p) => p.sku === 'FOD-001')!;
  const pricing = (
    await (await request.get(`/api/pos/context?outlet_id=${outletId}`, { headers: admin })).json()
  ).data.pricing as { service_tax_rate_bp: number };
  const tax = pricing.service_tax_rate_bp;

  const kept = await sell(request, admin, outletId, till.id, nasiLemak, tax, 'cash');
  await move(request, admin, kept.id);
  const voided = await sell(request, admin, outletId, till.id, nasiLemak, tax, 'cash');
  const card = await sell(request, admin, outletId, till.id, nasiLemak, tax, 'card');
  await move(request, admin, card.id);

  // The cash sale is rejected on its details: its refund is asked for by itself.
  await signIn(page, 'admin');
  await page.goto(`/order/details/${voided.id}`);
  await page.getByTestId('order-action-reject').click();
  await page.getByTestId('order-reject-reason').fill('Customer left before it was ready');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'REJECTED');
  const [owed] = (
    await (await request.get(`/api/refunds?q=${voided.order_no}`, { headers: admin })).json()
  ).data as { id: string; refund_no: string; amount: number }[];
  expect(owed!.amount).toBe(voided.total);

  // Finance approves it; the admin pays it back in cash from the till's drawer.
  const financeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const finance = await financeContext.newPage();
  await signIn(finance, 'finance');
  await finance.goto(`/refund/details/${owed!.id}`);
  await finance.getByRole('button', { name: 'Approve' }).click();
  await finance.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(finance.getByTestId('refund-status')).toHaveAttribute('data-status', 'APPROVED');
  await page.goto(`/refund/details/${owed!.id}`);
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'COMPLETED');

  // A card refund of the other sale, approved now, paid back only after the day is closed.
  const late = await request.post('/api/refunds', {
    headers: { ...admin, 'idempotency-key': randomUUID() },
    data: {
      order_id: card.id,
      kind: 'amount',
      amount: 100,
      method: 'original',
      reason: 'quality_issue',
    },
  });
  expect(late.status(), await late.text()).toBe(201);
  const lateRefund = (await late.json()).data as { id: string };
  const { token: financeToken } = await apiLogin(request, 'finance');
  const approved = await request.post(`/api/refunds/${lateRefund.id}/status`, {
    headers: { authorization: `Bearer ${financeToken}`, 'idempotency-key': randomUUID() },
    data: { status: 'APPROVED' },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The shift: both cash sales came in, the void's refund went out: float + the kept sale.
  const expected = 10_000 + kept.total;
  await page.goto(`/shift/list?id=${shiftId}`);
  const shift = page.getByTestId('shift-report');
  await expect(shift.getByTestId('shift-report-cash-taken')).toContainText(
    ((kept.total + voided.total) / 100).toFixed(2),
  );
  await expect(shift.getByTestId('shift-report-cash-refunds')).toContainText(
    (voided.total / 100).toFixed(2),
  );
  await expect(shift.getByTestId('shift-report-expected')).toContainText(
    (expected / 100).toFixed(2),
  );
  // Its working: the void's cash line is marked as a void.
  await shift.getByTestId('shift-report-cash-taken').click();
  const working = page.getByTestId('working-dialog');
  await expect(working.getByTestId('working-row')).toHaveCount(2);
  await expect(working.getByTestId('working-counts-as').filter({ hasText: 'Void' })).toHaveCount(1);
  await expect(working.getByTestId('working-total-value')).toContainText(
    ((kept.total + voided.total) / 100).toFixed(2),
  );
  await working.getByRole('button', { name: /close/i }).first().click();
  // Counted exactly and closed.
  const closed = await request.post(`/api/shifts/${shiftId}/close`, {
    headers: { ...admin, 'idempotency-key': randomUUID() },
    data: { counted: countOf(expected) },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  expect((await closed.json()).data.variance).toBe(0);

  // The day: the Z-report's drawer is the shift's; no refund of a sale; the void apart.
  const { report, day } = await closeDayOnScreen(page, outletName);
  await expect(report.getByTestId('z-report-total')).toContainText(money(kept.total + card.total));
  await expect(report.getByTestId('z-report-cash-taken')).toContainText(
    ((kept.total + voided.total) / 100).toFixed(2),
  );
  await expect(report.getByTestId('z-report-cash-refunds')).toContainText(
    (voided.total / 100).toFixed(2),
  );
  await expect(report.getByTestId('z-report-expected-cash')).toContainText(money(kept.total));
  await expect(report.getByTestId('z-report-refunds')).toContainText('0.00');
  await expect(report.getByTestId('z-report-voids')).toContainText((voided.total / 100).toFixed(2));

  // The sales report of the day agrees: the kept sales, no refunds.
  await finance.goto(`/report?range=custom&from=${day}&to=${day}&outlet=${outletId}`);
  await expect(finance.getByTestId('report-view')).toHaveAttribute('data-loading', 'false');
  expect(senIn((await finance.getByTestId('report-kpi-net-value').textContent()) ?? '')).toBe(
    kept.total + card.total,
  );
  expect(senIn((await finance.getByTestId('report-kpi-refunds-value').textContent()) ?? '')).toBe(
    0,
  );

  // After the close the card refund is paid back: it counts on the next business day.
  const done = await request.post(`/api/refunds/${lateRefund.id}/status`, {
    headers: { ...admin, 'idempotency-key': randomUUID() },
    data: { status: 'COMPLETED' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const { business_date: countsOn } = (await done.json()).data as { business_date: string };
  expect(countsOn).toBe(nextDay(day));
  const { token: superToken } = await apiLogin(request, 'superadmin');
  const superadmin = { authorization: `Bearer ${superToken}` };
  const tomorrow = await request.post('/api/dev/clock', {
    headers: superadmin,
    data: { offset_hours: 24 },
  });
  expect(tomorrow.status(), await tomorrow.text()).toBe(200);
  try {
    const next = await closeDayOnScreen(page, outletName, countsOn);
    expect(next.day).toBe(countsOn);
    await expect(next.report.getByTestId('z-report-refunds')).toContainText('1.00');
    await expect(next.report.getByTestId('z-report-total')).toContainText(money(0));
  } finally {
    const back = await request.post('/api/dev/clock', {
      headers: superadmin,
      data: { offset_hours: 0 },
    });
    expect(back.status()).toBe(200);
  }
  await financeContext.close();
});
