import { expect } from 'vitest';
import type { FiuuFake } from './fiuu-fake';
import type { Ipay88Fake } from './ipay88-fake';
import { IPAY88_ENTRY_PATH } from '../modules/payments/accounts/gateways/ipay88/ipay88-requery';
import {
  encodeFormBody,
  type FormFields,
} from '../modules/payments/accounts/gateways/shared/form-body';
import { type GatewayShop, newAppOrder, startPaying } from './gateway-order-fixtures';
import type { Requests, TestApp } from './test-app';

// App orders paid through iPay88 and Fiuu against their loopback fakes, as the customer's browser
// and the gateway do it: the payment started and the gateway's page opened (so the fake records
// it), then the signed result posted to our callback. Shared by the payment, refund and
// reconciliation tests of the two gateways.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const unescape = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The hidden fields of a checkout page's form, as the browser would post them. */
export function formOf(html: string): FormFields {
  const fields: FormFields = {};
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    fields[unescape(name!)] = unescape(value!);
  }
  return fields;
}

/** Starts paying with iPay88 and posts the checkout page's form to iPay88, as the browser does. */
export async function startIpay88(
  api: Requests,
  shop: GatewayShop,
  fake: Ipay88Fake,
  orderId: string,
) {
  const payment = await startPaying(api, shop, orderId, 'ipay88');
  const page = await api.get(new URL(payment.redirect_url!).pathname, {});
  expect(page.statusCode, page.body).toBe(200);
  const request = formOf(page.body);
  const entry = await fetch(`${fake.url}${IPAY88_ENTRY_PATH}`, {
    method: 'POST',
    headers: FORM,
    body: encodeFormBody(request),
  });
  expect(await entry.text()).toContain('iPay88 payment page');
  return { payment, page, request };
}

/** Starts paying with Fiuu and opens the hosted page, as the customer's browser does. */
export async function startFiuu(api: Requests, shop: GatewayShop, orderId: string) {
  const payment = await startPaying(api, shop, orderId, 'fiuu');
  const page = await fetch(payment.redirect_url!);
  expect(await page.text()).toContain('Fiuu payment page');
  return payment;
}

/**
 * An app order of `shop` started with iPay88 and, when `paid`, paid there with iPay88's backend
 * post applied (our server re-queries the fake before applying it).
 */
export async function ipay88Order(
  t: TestApp,
  api: Requests,
  shop: GatewayShop,
  fake: Ipay88Fake,
  paid: boolean,
) {
  const order = await newAppOrder(t, shop);
  const { payment, request } = await startIpay88(api, shop, fake, order.id);
  if (paid) await payIpay88(api, fake, request.RefNo!);
  return { ...order, paymentId: payment.payment_id, refNo: request.RefNo! };
}

/** The customer pays at iPay88 and iPay88's backend post of it reaches our callback. */
export async function payIpay88(api: Requests, fake: Ipay88Fake, refNo: string) {
  const res = await api.post(
    '/api/payments/ipay88/callback',
    encodeFormBody(fake.settle(refNo, 'paid')),
    FORM,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toBe('RECEIVEOK');
}

/**
 * An app order of `shop` started with Fiuu and, when `paid`, paid there with Fiuu's callback
 * applied; `tranID` is Fiuu's transaction (the payment's reference once paid).
 */
export async function fiuuOrder(
  t: TestApp,
  api: Requests,
  shop: GatewayShop,
  fake: FiuuFake,
  paid: boolean,
) {
  const order = await newAppOrder(t, shop);
  const payment = await startFiuu(api, shop, order.id);
  let tranID: string | null = null;
  if (paid) {
    const fields = fake.complete(payment.payment_id, '00');
    const res = await api.post(
      '/api/payments/fiuu/callback',
      encodeFormBody({ ...fields, nbcb: '1' }),
      FORM,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('CBTOKEN:MPSTATOK');
    tranID = fields.tranID!;
  }
  return { ...order, paymentId: payment.payment_id, tranID };
}
