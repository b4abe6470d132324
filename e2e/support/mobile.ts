import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoPassword } from '../fixtures';
import { openAllDay } from './outlets';
import { latestMailTo } from './session';

// The customer app, driven through its API as the phone would: sign in with X-Tenant, read an
// outlet's menu, place an order with an Idempotency-Key and pay it through the sandbox provider
// by posting the signed callback it hands back (what a bank's redirect would do).

const tenant = { 'x-tenant': 'kopi-demo' };

export async function customerSignIn(request: APIRequestContext, phone = '+60123456789') {
  const res = await request.post('/api/mobile/auth/sign-in', {
    headers: tenant,
    data: { phone, password: demoPassword },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()).data as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The id of a product the outlet sells that needs no choices (e.g. a plain food item). */
export async function plainProduct(request: APIRequestContext, outletId: string, sku: string) {
  const res = await request.get(`/api/mobile/outlets/${outletId}/menu`, { headers: tenant });
  expect(res.status(), await res.text()).toBe(200);
  const products = (await res.json()).data.products as { id: string; sku: string }[];
  const product = products.find((p) => p.sku === sku);
  if (!product) throw new Error(`${sku} is not on the menu`);
  return product.id;
}

/**
 * The outlet opened round the clock and the id of a plain product on its menu: what a journey
 * placing app orders needs first.
 */
export async function appSaleSetup(request: APIRequestContext, outletCode: string, sku: string) {
  const outletId = await openAllDay(request, outletCode);
  return { outletId, productId: await plainProduct(request, outletId, sku) };
}

/** The app's order of `items` for pick-up at the outlet (with `more`, e.g. a voucher code). */
export async function placeOrder<T extends { id: string; order_no: string }>(
  request: APIRequestContext,
  customer: Record<string, string>,
  outletId: string,
  items: { product_id: string; quantity: number }[],
  more: Record<string, unknown> = {},
) {
  const placed = await request.post('/api/mobile/orders', {
    headers: { ...customer, 'idempotency-key': randomUUID() },
    data: { outlet_id: outletId, serving_method: 'pick_up', items, ...more },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data as T;
}

/**
 * Starts a payment (or top-up) through the sandbox provider at `path` and posts the signed
 * callback it hands back, as the bank's redirect would: returns once the money is confirmed.
 */
export async function payInSandbox(
  request: APIRequestContext,
  customer: Record<string, string>,
  path: string,
  data: Record<string, unknown>,
) {
  const started = await request.post(path, {
    headers: { ...customer, 'idempotency-key': randomUUID() },
    data: { provider: 'sandbox', sandbox_outcome: 'paid', ...data },
  });
  expect(started.status(), await started.text()).toBe(201);
  const callback = (await started.json()).data.sandbox_callback as {
    url: string;
    headers: Record<string, string>;
    body: string;
  };
  const confirmed = await request.post(callback.url, {
    headers: callback.headers,
    data: callback.body,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Places a pick-up order and pays it: returns once the order is PENDING (paid). */
export async function placePaidOrder(
  request: APIRequestContext,
  customer: Record<string, string>,
  outletId: string,
  productId: string,
) {
  const order = await placeOrder(request, customer, outletId, [
    { product_id: productId, quantity: 1 },
  ]);
  await payInSandbox(request, customer, `/api/mobile/orders/${order.id}/pay`, { method: 'card' });
  return order;
}

/**
 * A customer of its own: signs up in the app with `phone`, types the code the text message
 * brings (read from the test-only outbox) and answers the session's headers and the customer's id.
 */
export async function newCustomer(request: APIRequestContext, name: string, phone: string) {
  const signedUp = await request.post('/api/mobile/auth/sign-up', {
    headers: tenant,
    data: { name, phone, password: demoPassword },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const text = (await latestMailTo(request, phone)).text;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error('no code in the verification message');
  const verified = await request.post('/api/mobile/auth/verify-phone', {
    headers: tenant,
    data: { phone, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { token, customer } = (await verified.json()).data as {
    token: string;
    customer: { id: string };
  };
  return { headers: { authorization: `Bearer ${token}` }, id: customer.id };
}
