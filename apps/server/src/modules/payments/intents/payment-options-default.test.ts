import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutlet } from '../../../test/catalogue-fixtures';
import { placeOrder, verifiedCustomer, type TestCustomer } from '../../../test/mobile-fixtures';
import { addProduct, testClock } from '../../../test/order-fixtures';
import { useTestApp } from '../../../test/use-test-app';

// With no gateway marked default, what GET /api/mobile/payment-options calls the default is
// where a payment naming no provider (and no method: a card) goes, and a payment naming only a
// method goes to the first listed that takes it. Fiuu (FPX only) and iPay88 (cards and
// e-wallets) start a payment without calling out, so no fake is needed.

const clock = testClock('2026-06-10T04:00:00Z');
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'] });
let customer: TestCustomer;
let kl: string;
let plain: string;

interface Option {
  provider: string;
  methods: string[];
  is_default: boolean;
}

async function gateway(provider: string, methods: string[], credentials: Record<string, string>) {
  const res = await api.post(
    '/api/payment-gateways',
    { provider, mode: 'sandbox', methods, is_default: false, enabled: true, credentials },
    as.admin,
  );
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  plain = (await addProduct(t, { sku: 'OPTIONS-PLAIN', price: 1250 })).id;
  customer = await verifiedCustomer(t, { name: 'Siti options' });
  await gateway('fiuu', ['fpx'], {
    merchant_id: 'kopi_fiuu',
    verify_key: 'fiuu-verify-key-options',
    secret_key: 'fiuu-secret-key-options',
  });
  await gateway('ipay88', ['card', 'ewallet'], {
    merchant_code: 'M00001',
    merchant_key: 'ipay88-merchant-key-options',
  });
});

/** Starts paying a fresh order with `body`; the provider the server chose. */
async function paidThrough(body: Record<string, unknown>) {
  const order = await placeOrder(t, customer.headers, {
    outlet_id: kl,
    items: [{ product_id: plain, quantity: 1 }],
  });
  expect(order.statusCode, order.body).toBe(201);
  const res = await api.post(`/api/mobile/orders/${order.json().data.id}/pay`, body, {
    ...customer.headers,
    'idempotency-key': randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { provider: string }).provider;
}

describe('the default payment option when no gateway is marked default', () => {
  it('is where a payment naming no provider goes, and the only default', async () => {
    const res = await api.get('/api/mobile/payment-options', customer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().data as Option[];
    expect(options.map((o) => o.provider)).toEqual(['fiuu', 'ipay88', 'sandbox']);
    // Fiuu takes only FPX: a card (what a bare payment is) goes to iPay88, the default.
    expect(options.filter((o) => o.is_default).map((o) => o.provider)).toEqual(['ipay88']);
    expect(await paidThrough({})).toBe('ipay88');
    expect(await paidThrough({ method: 'card' })).toBe('ipay88');
    expect(await paidThrough({ method: 'tng' })).toBe('ipay88');
    // FPX, which the default does not take, goes to the first listed that does.
    expect(await paidThrough({ method: 'fpx' })).toBe('fiuu');
  });
});
