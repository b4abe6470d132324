import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../db/schema/payments';
import { demoOutlet } from '../../../test/catalogue-fixtures';
import { placeOrder, postCallback, verifiedCustomer } from '../../../test/mobile-fixtures';
import type { TestCustomer } from '../../../test/mobile-fixtures';
import { addProduct, testClock } from '../../../test/order-fixtures';
import { outcomeOrderTests } from '../../../test/payment-outcome-order';
import { withIdempotencyKey } from '../../../test/test-app';
import { balanceOf } from '../../../test/wallet-fixtures';
import { useTestApp } from '../../../test/use-test-app';
import { signedSandboxCallback } from './sandbox-provider';
import { sandboxSecret } from '../../../test/gateway-order-fixtures';

// The built-in sandbox's outcomes in either order, as a real gateway's may arrive: the pretend
// bank's signed failure, then its signed success for the same payment (another event), or the
// other way round; and a wallet top-up that fails, then goes through.

const NOON_KL = '2026-06-10T04:00:00Z';
const clock = testClock(NOON_KL);
let customer: TestCustomer;
let kl: string;
let plain: string;

const { t, api } = useTestApp({ now: clock.now });
beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  plain = (await addProduct(t, { sku: 'SANDBOX-ORDER', price: 1000 })).id;
  customer = await verifiedCustomer(t, { name: 'Farah sandbox' });
});
beforeEach(() => clock.set(NOON_KL));

interface Started {
  payment_id: string;
  sandbox_callback: { url: string; headers: Record<string, string>; body: string };
}

/** The pretend bank's signed callback for the payment, saying `status`, as a new event. */
async function report(started: Started, status: 'paid' | 'failed') {
  const base = JSON.parse(started.sandbox_callback.body) as Record<string, unknown>;
  const body = { ...base, event_id: `evt_${randomUUID()}`, status };
  const answer = await postCallback(
    t,
    signedSandboxCallback(await sandboxSecret(t), JSON.stringify(body)),
  );
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('sandbox outcomes arriving in either order', () => {
  outcomeOrderTests<Started>({
    t,
    api,
    customer: () => customer.headers,
    newOrder: async () => {
      const res = await placeOrder(t, customer.headers, {
        outlet_id: kl,
        items: [{ product_id: plain, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; total: number };
    },
    start: async (orderId) => {
      const res = await api.post(
        `/api/mobile/orders/${orderId}/pay`,
        { provider: 'sandbox', method: 'fpx' },
        withIdempotencyKey(customer.headers),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Started;
    },
    fail: (started) => report(started, 'failed'),
    succeed: (started) => report(started, 'paid'),
  });

  it('credits a top-up whose success follows its failure, once', async () => {
    const before = await balanceOf(t.database.db, customer.session.customer.id);
    const res = await api.post(
      '/api/mobile/wallet/topups',
      { amount: 2000, provider: 'sandbox', method: 'fpx', sandbox_outcome: 'failed' },
      withIdempotencyKey(customer.headers),
    );
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data as Started;
    await postCallback(t, started.sandbox_callback);
    const [intent] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, started.payment_id));
    expect(intent!.status).toBe('failed');
    expect(await balanceOf(t.database.db, customer.session.customer.id)).toBe(before);
    await report(started, 'paid');
    await report(started, 'failed');
    expect(await balanceOf(t.database.db, customer.session.customer.id)).toBe(before + 2000);
  });
});
