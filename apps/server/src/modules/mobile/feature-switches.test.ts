import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { resetAppFeatures, setDemoSwitch } from '../../test/app-feature-fixtures';
import { expectCode } from '../../test/expect-code';
import {
  CUSTOMER_PASSWORD,
  newPhone,
  placeOrder,
  signUp,
  verifiedCustomer,
  type TestCustomer,
} from '../../test/mobile-fixtures';
import { sell } from '../../test/order-fixtures';
import { withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { paymentCode, walletCustomer, walletPayment } from '../../test/wallet-pay-fixtures';

// The app's feature switches bind the app's calls on the server (decision 041): an order for a
// serving method, or with notes, switched off at its outlet is refused with app_feature_off, as
// are wallet payments, top-ups, points redemption and referral codes while their feature is off.
// The counter is not the app: its sales go ahead whatever the app's switches say.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur: every outlet is open
const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['marketing', 'cashier'],
  config: { paymentSandboxSecret: 'feature-switches-sandbox-secret-0123456789' },
  product: { sku: 'SWITCH-PLAIN', price: 1000 },
});

// refs.product: RM 10.00, no choices: RM 10.60 with SST
let customer: TestCustomer;
beforeAll(async () => {
  customer = await verifiedCustomer(t, { name: 'Nur Aina' });
});
beforeEach(async () => {
  clock.set(NOON_KL);
  await resetAppFeatures(t);
});

const order = (outletId: string, fields: Record<string, unknown> = {}) =>
  placeOrder(t, customer.headers, {
    outlet_id: outletId,
    items: [{ product_id: refs.product, quantity: 1 }],
    ...fields,
  });
const delivery = { serving_method: 'delivery', delivery_address: '3 Jalan Sultan, George Town' };
const switchOutlet = (code: string, outletId: string, enabled: boolean | null) =>
  api.put(`/api/app-features/${code}/outlets/${outletId}`, { enabled }, as.marketing);
const switchTenant = (code: string, enabled: boolean | null) =>
  api.put(`/api/app-features/${code}`, { enabled }, as.marketing);
const ordersOfDemo = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.tenantId, refs.tenantId))
  )[0]!.n;

describe('an app order', () => {
  it('for delivery where delivery is switched off is refused; pick-up there still works', async () => {
    expect((await switchOutlet('delivery', refs.pg, false)).statusCode).toBe(200);
    const before = await ordersOfDemo();
    const refused = expectCode(await order(refs.pg, delivery), 400, 'app_feature_off');
    expect(refused.message).toBe('Delivery is not available in the app at this outlet right now');
    expect(await ordersOfDemo()).toBe(before);
    const pickUp = await order(refs.pg, { serving_method: 'pick_up' });
    expect(pickUp.statusCode, pickUp.body).toBe(201);
    // Other outlets follow the business, where delivery is on.
    const elsewhere = await order(refs.kl, delivery);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    // Back to the business's value, delivery at Penang works again.
    await switchOutlet('delivery', refs.pg, null);
    expect((await order(refs.pg, delivery)).statusCode).toBe(201);
  });

  it('follows the business’s switch, and an outlet’s own switch over it', async () => {
    await switchTenant('delivery', false);
    const refused = expectCode(await order(refs.kl, delivery), 400, 'app_feature_off');
    expect(refused.message).toBe('Delivery is not available in the app right now');
    await switchOutlet('delivery', refs.kl, true);
    expect((await order(refs.kl, delivery)).statusCode).toBe(201);
    expectCode(await order(refs.pg, delivery), 400, 'app_feature_off');
  });

  it('refuses dine in and pick up where they are switched off', async () => {
    await setDemoSwitch(t, 'dine_in', refs.kl, false);
    const dineIn = { serving_method: 'dine_in', table_code: 'T12' };
    expectCode(await order(refs.kl, dineIn), 400, 'app_feature_off');
    expect((await order(refs.pg, dineIn)).statusCode).toBe(201);
    await setDemoSwitch(t, 'pick_up', null, false);
    expectCode(await order(refs.pg, { serving_method: 'pick_up' }), 400, 'app_feature_off');
  });

  it('refuses notes on the order or an item where order notes are switched off', async () => {
    await setDemoSwitch(t, 'order_notes', refs.kl, false);
    expectCode(await order(refs.kl, { notes: 'At the back door' }), 400, 'app_feature_off');
    const itemNote = await placeOrder(t, customer.headers, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1, notes: 'Less sugar' }],
    });
    expectCode(itemNote, 400, 'app_feature_off');
    expect((await order(refs.kl)).statusCode).toBe(201);
    expect((await order(refs.pg, { notes: 'At the back door' })).statusCode).toBe(201);
  });
});

describe('the counter is not the app', () => {
  it('sells for delivery and with notes where the app has them switched off', async () => {
    await setDemoSwitch(t, 'delivery', refs.kl, false);
    await setDemoSwitch(t, 'order_notes', refs.kl, false);
    const sale = await sell(t, as.cashier, {
      outlet_id: refs.kl,
      serving_method: 'delivery',
      delivery_address: '12 Jalan Ampang',
      notes: 'Call on arrival',
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1560, reference: 'CARD-0001' }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
  });

  it('charges a wallet payment code shown before the app’s wallet was switched off', async () => {
    const payer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, payer.headers);
    await switchTenant('wallet', false);
    const sale = await sell(t, as.cashier, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [walletPayment(1060, code)],
    });
    expect(sale.statusCode, sale.body).toBe(201);
  });
});

describe('the app’s wallet, points and referrals', () => {
  it('refuses wallet payments and payment codes while the wallet is off; the balance still shows', async () => {
    const payer = await walletCustomer(t, 5000);
    const placed = await order(refs.kl);
    await switchTenant('wallet', false);
    const pay = await api.post(
      `/api/mobile/orders/${placed.json().data.id}/pay-with-wallet`,
      undefined,
      payer.headers,
    );
    expectCode(pay, 400, 'app_feature_off');
    const issue = await api.post('/api/mobile/wallet/payment-code', undefined, payer.headers);
    expectCode(issue, 400, 'app_feature_off');
    expect((await api.get('/api/mobile/wallet', payer.headers)).json().data.balance).toBe(5000);
    await switchTenant('wallet', null);
    expect(
      (await api.post('/api/mobile/wallet/payment-code', undefined, payer.headers)).statusCode,
    ).toBe(201);
  });

  it('refuses a top-up while the wallet or its top-up is switched off', async () => {
    const topup = () =>
      api.post(
        '/api/mobile/wallet/topups',
        { amount: 1000, sandbox_outcome: 'paid' },
        withIdempotencyKey(customer.headers),
      );
    await switchTenant('wallet_top_up', false);
    expectCode(await topup(), 400, 'app_feature_off');
    await switchTenant('wallet_top_up', null);
    await switchTenant('wallet', false);
    expectCode(await topup(), 400, 'app_feature_off');
    await switchTenant('wallet', null);
    const started = await topup();
    expect(started.statusCode, started.body).toBe(201);
  });

  it('refuses redeeming points while membership is switched off', async () => {
    const redeem = () =>
      api.post('/api/mobile/points/redeem', { points: 100 }, withIdempotencyKey(customer.headers));
    await switchTenant('membership', false);
    expectCode(await redeem(), 400, 'app_feature_off');
    await switchTenant('membership', null);
    // On again, the redemption meets the points rules instead (this customer has none).
    expect((await redeem()).json().code_message).not.toBe('app_feature_off');
  });

  it('refuses a referral code at sign-up while referrals are switched off', async () => {
    const code = customer.session.customer.referral_code;
    const body = () => ({ name: 'Farid', phone: newPhone(), password: CUSTOMER_PASSWORD });
    await switchTenant('referral', false);
    expectCode(await signUp(t, { ...body(), referral_code: code }), 400, 'app_feature_off');
    expect((await signUp(t, body())).statusCode).toBe(201);
    await switchTenant('referral', true);
    expect((await signUp(t, { ...body(), referral_code: code })).statusCode).toBe(201);
  });
});
