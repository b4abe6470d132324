import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { customerSignIn, plainProduct } from '../support/mobile';
import { openAllDay } from '../support/outlets';
import { signIn } from '../support/session';

// The marketing team switches delivery off at one outlet during a rider shortage, on the
// 1024 × 768 tablet they use: the app's delivery orders there are refused by the server with
// app_feature_off while pick-up still works, and delivery elsewhere is untouched. The switch is
// put back at the end: other journeys order from the same database.

test.use({ viewport: { width: 1024, height: 768 } });

test('marketing switches delivery off at Penang, and the app’s delivery order there is refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const outletId = await openAllDay(page.request, 'PG01');
  await signIn(page, 'marketing');

  await page.getByRole('button', { name: 'User App' }).click();
  await page.getByRole('link', { name: 'Enable/Disable Feature' }).click();
  await expect(page).toHaveURL(/\/user-app\/enable-disable$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Enable/Disable Feature' }),
  ).toBeVisible();

  const delivery = page.getByTestId('app-feature-delivery');
  await expect(delivery.getByTestId('feature-effective')).toHaveAttribute('data-enabled', 'on');
  await delivery.getByTestId('open-outlet-switches').click();
  const dialog = page.getByTestId('outlet-switches-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delivery at each outlet' })).toBeVisible();
  const penang = dialog.getByRole('group', { name: 'Delivery at Penang' });
  const penangRow = dialog.locator('[data-testid="outlet-switch-row"][data-outlet="PG01"]');

  // Sets Penang's switch and waits for it to be saved; the row then says what holds there.
  const setPenang = async (button: string, enabled: string, source: string) => {
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/app-features/delivery/outlets/${outletId}`) && r.ok(),
    );
    await penang.getByRole('button', { name: button }).click();
    await saved;
    await expect(penangRow.getByTestId('outlet-effective')).toHaveAttribute(
      'data-enabled',
      enabled,
    );
    await expect(penangRow.getByTestId('outlet-effective')).toContainText(source);
  };
  await setPenang('Off', 'off', 'Outlet’s own');
  await dialog.getByTestId('outlet-switches-close').click();
  await expect(delivery).toContainText('1 outlet has its own setting');

  try {
    // The customer app, through its API as the phone would.
    const customer = await customerSignIn(page.request);
    const productId = await plainProduct(page.request, outletId, 'FOD-001');
    const order = (servingMethod: string, extra: Record<string, string> = {}) =>
      page.request.post('/api/mobile/orders', {
        headers: { ...customer, 'idempotency-key': randomUUID() },
        data: {
          outlet_id: outletId,
          serving_method: servingMethod,
          items: [{ product_id: productId, quantity: 1 }],
          ...extra,
        },
      });
    const refused = await order('delivery', { delivery_address: '8 Lebuh Chulia, George Town' });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code_message: 'app_feature_off',
      message: 'Delivery is not available in the app at this outlet right now',
    });
    const pickUp = await order('pick_up');
    expect(pickUp.status(), await pickUp.text()).toBe(201);
    expect((await pickUp.json()).data).toMatchObject({ serving_method: 'pick_up' });
  } finally {
    // Penang follows the business again, as the other journeys expect.
    await delivery.getByTestId('open-outlet-switches').click();
    await setPenang('Business', 'on', 'Whole business');
  }
});
