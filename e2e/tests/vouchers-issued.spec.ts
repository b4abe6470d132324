import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { newCustomer, payInSandbox, placeOrder, plainProduct } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { signIn } from '../support/session';
import { moneyText, uniqueVoucher } from '../support/vouchers';
import { klFormDate } from '../support/kl-dates';

// Codes issued to one customer, end to end. A customer of this run signs up in the app; the
// admin adds a campaign of a voucher of unique codes, aimed at their phone, on the campaigns tab
// and schedules it; it goes live and its job issues them a code; they order in the app with it and pay, and the Ongoing campaign view shows the campaign
// with one issued and one redeemed. The admin then adds a points reward on /voucher/rewards at
// exactly the points that order earned; the customer exchanges them for a code of the reward's
// voucher (a retry with the same Idempotency-Key gives the same code); the customer's Vouchers
// tab shows both codes, where each came from and whether it is still to use.

test.use({ viewport: { width: 1280, height: 900 } });

const stamp = Date.now().toString(36).toUpperCase();
// A Malaysian mobile number of this run (011 numbers have eight digits after the prefix).
const phone = `+6011${String(Date.now() % 100_000_000).padStart(8, '0')}`;
const CAMPAIGN_OFF = 300;
// A screen's first data can take long on a loaded machine (shared by parallel runs).
const firstLoad = { timeout: 30_000 };
const REWARD_OFF = 200;

/**
 * The admin adds a campaign of `voucher` for `phone` on the campaigns tab, starting yesterday,
 * and schedules it: past its start, it goes live at once and its job issues the one code, which
 * the list's progress shows.
 */
async function liveCampaign(page: Page, name: string, voucher: string) {
  await page.goto('/voucher-campaign?view=campaigns');
  await page.getByRole('button', { name: 'Add campaign' }).click(firstLoad);
  const drawer = page.getByTestId('campaign-drawer');
  await drawer.getByLabel('Name (English)').fill(name);
  await drawer.getByTestId('campaign-voucher').click();
  await page.getByRole('option', { name: voucher, exact: true }).click();
  await drawer.getByTestId('campaign-audience-kind').click();
  await page.getByRole('option', { name: 'A list of phone numbers' }).click();
  await drawer.getByTestId('campaign-phones').fill(phone);
  await drawer.getByTestId('campaign-start-date').fill(klFormDate(-1));
  await drawer.getByTestId('campaign-start-date').press('Enter');
  await drawer.getByTestId('campaign-start-time').fill('00:00');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/voucher-campaigns') && r.request().method() === 'POST',
  );
  await drawer.getByTestId('campaign-save').click();
  expect((await saved).status()).toBe(201);
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('campaign-status')).toHaveText('Draft', firstLoad);
  await row.getByTestId('campaign-move-schedule').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  // Past its start, it is live at once (the "scheduled" toast may be held back behind "saved":
  // one success toast at a time).
  await expect(row.getByTestId('campaign-status')).toHaveText('Ongoing');
  // The job issues the one code; the list follows its progress.
  await expect(row.getByTestId('campaign-progress')).toHaveText('1 of 1 codes issued', {
    timeout: 30_000,
  });
}

/** A pick-up order in the app with `code`, paid through the sandbox provider. */
async function paidAppOrder(
  request: APIRequestContext,
  customer: Record<string, string>,
  outletId: string,
  code: string,
) {
  const productId = await plainProduct(request, outletId, 'FOD-001');
  const order = await placeOrder<{
    id: string;
    order_no: string;
    subtotal: number;
    total: number;
    voucher: { code: string; discount: number } | null;
  }>(request, customer, outletId, [{ product_id: productId, quantity: 2 }], { voucher_code: code });
  await payInSandbox(request, customer, `/api/mobile/orders/${order.id}/pay`, { method: 'card' });
  return order;
}

/** The admin adds a reward on /voucher/rewards; answers its id. */
async function addReward(page: Page, reward: { name: string; voucher: string; points: number }) {
  await page.goto('/voucher/rewards');
  await page.getByTestId('reward-add').click(firstLoad);
  const drawer = page.getByTestId('reward-drawer');
  await drawer.getByTestId('reward-voucher').click();
  await page.getByRole('option', { name: reward.voucher, exact: true }).click();
  await drawer.getByLabel('Name (English)').fill(reward.name);
  await drawer.getByLabel('Points price').fill(String(reward.points));
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/voucher-rewards') && r.request().method() === 'POST',
  );
  await drawer.getByTestId('reward-save').click();
  const res = await saved;
  expect(res.status(), await res.text()).toBe(201);
  await expect(page.getByText('Reward created')).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search by name').fill(reward.name);
  const row = page.getByRole('row').filter({ hasText: reward.name });
  await expect(row.getByTestId('reward-stock')).toHaveText('0 · no limit', firstLoad);
  return (await res.json()).data.id as string;
}

test('a campaign issues a customer a code they redeem in the app, and their points buy a reward’s code; the back office shows both', async ({
  page,
  request,
}) => {
  // Sign-up, a campaign's job, an app order and three screens: minutes on a loaded machine.
  test.setTimeout(300_000);
  const outletId = await openAllDay(request, 'KL01');
  const customer = await newCustomer(request, `Aina Journey ${stamp}`, phone);
  const campaignVoucher = await uniqueVoucher(request, `Comeback RM3 ${stamp}`, CAMPAIGN_OFF);
  const rewardVoucher = await uniqueVoucher(request, `Points RM2 ${stamp}`, REWARD_OFF);

  // The campaign goes live and its job issues the customer's code, which the app lists.
  const campaignName = `Comeback ${stamp}`;
  await signIn(page, 'admin');
  await liveCampaign(page, campaignName, campaignVoucher.name_en);
  const mine = await request.get('/api/mobile/vouchers', { headers: customer.headers });
  expect(mine.status(), await mine.text()).toBe(200);
  const issued = ((await mine.json()).data as { id: string; code: string }[]).filter(
    (v) => v.id === campaignVoucher.id,
  );
  expect(issued).toHaveLength(1);
  const campaignCode = issued[0]!.code;

  // Ordered and paid in the app with it: RM 3.00 off (never more than the subtotal).
  const order = await paidAppOrder(request, customer.headers, outletId, campaignCode);
  const campaignDiscount = Math.min(CAMPAIGN_OFF, order.subtotal);
  expect(order.voucher).toMatchObject({ code: campaignCode, discount: campaignDiscount });

  await page.goto('/voucher-campaign?view=ongoing');
  const campaignRow = page
    .getByTestId('usage-ongoing-table')
    .getByRole('row')
    .filter({ hasText: campaignName });
  await expect(campaignRow).toHaveCount(1, firstLoad);
  await expect(campaignRow.locator('[data-col="campaign"]')).toContainText(campaignVoucher.name_en);
  await expect(campaignRow.locator('[data-col="issued"]')).toHaveText('1');
  await expect(campaignRow.locator('[data-col="redeemed"]')).toHaveText('1');
  await expect(campaignRow.locator('[data-col="rate"]')).toHaveText('100%');
  await expect(campaignRow.locator('[data-col="discount_given"]')).toHaveText(
    moneyText(campaignDiscount),
  );
  await expect(campaignRow.locator('[data-col="sales"]')).toHaveText(moneyText(order.total));

  // The paid order earned the customer's points (a new customer has no others): the reward
  // costs exactly those, so the exchange spends the balance to nothing.
  const rewardsOf = async () => {
    const res = await request.get('/api/mobile/rewards', { headers: customer.headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as {
      points: number;
      rewards: { id: string; points_price: number; affordable: boolean }[];
    };
  };
  const points = (await rewardsOf()).points;
  expect(points, 'points earned by the paid order').toBeGreaterThan(0);
  const rewardName = `Points treat ${stamp}`;
  const rewardId = await addReward(page, {
    name: rewardName,
    voucher: rewardVoucher.name_en,
    points,
  });
  const offered = (await rewardsOf()).rewards.find((r) => r.id === rewardId);
  expect(offered).toMatchObject({ points_price: points, affordable: true });

  const key = randomUUID();
  const exchange = () =>
    request.post(`/api/mobile/rewards/${rewardId}/exchange`, {
      headers: { ...customer.headers, 'idempotency-key': key },
    });
  const exchanged = await exchange();
  expect(exchanged.status(), await exchanged.text()).toBe(201);
  const got = (await exchanged.json()).data as { code: string; points: number };
  expect(got).toMatchObject({ points_spent: points, points: 0, voucher: { id: rewardVoucher.id } });
  // A retry of the same tap (same key) answers the same exchange, not a second one.
  const again = await exchange();
  expect(again.status(), await again.text()).toBe(201);
  expect((await again.json()).data).toMatchObject({ code: got.code, points: 0 });
  expect((await rewardsOf()).points).toBe(0);

  // The customer's Vouchers tab: the reward's code to use, the campaign's used.
  await page.goto(`/customer/details/${customer.id}?tab=vouchers`);
  const table = page.getByTestId('customer-vouchers-table');
  // Newest first.
  await expect(table.getByTestId('customer-voucher-code')).toHaveText(
    [got.code, campaignCode],
    firstLoad,
  );
  const rewardRow = table.getByRole('row').filter({ hasText: got.code });
  await expect(rewardRow).toContainText(rewardVoucher.name_en);
  await expect(rewardRow).toContainText('Reward');
  await expect(rewardRow).toContainText(rewardName);
  await expect(rewardRow.getByTestId('customer-voucher-status')).toHaveText('Available');
  const campaignCodeRow = table.getByRole('row').filter({ hasText: campaignCode });
  await expect(campaignCodeRow).toContainText(campaignVoucher.name_en);
  await expect(campaignCodeRow).toContainText('Campaign');
  await expect(campaignCodeRow).toContainText(campaignName);
  await expect(campaignCodeRow.getByTestId('customer-voucher-status')).toHaveText('Redeemed');
  // The order's points and the exchange's are on the points tab.
  await page.getByTestId('customer-tab-points').click();
  await expect(page.getByRole('row').filter({ hasText: order.order_no })).toBeVisible(firstLoad);
});
