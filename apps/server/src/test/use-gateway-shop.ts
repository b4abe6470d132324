import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Clock } from '../lib/clock';
import { expectCredentialsSealed } from './gateway-credentials';
import {
  gatewayShop,
  newAppOrder,
  onBoard,
  orderRow,
  paymentsOf,
  type GatewayShop,
} from './gateway-order-fixtures';
import { type InjectBridge, startInjectBridge } from './inject-bridge';
import { testClock } from './order-fixtures';
import { outcomeOrderTests, type OutcomeOrderCase } from './payment-outcome-order';
import type { TestApp } from './test-app';
import { useTestApp } from './use-test-app';

// The set-up every gateway's end-to-end test file shares: a test app whose gateway host is a
// loopback fake, the fake started before the tests (with a bridge when it posts over real HTTP),
// the business's gateway account set up against it, and both closed after. The app's clock is
// the kit's: each test starts at the same noon in Kuala Lumpur.

export const GATEWAY_NOON = '2026-06-10T04:00:00Z';

/**
 * A test app that reaches the gateways at `baseUrls` (the fakes'), with admin, cashier and
 * finance signed in, on a clock set back to GATEWAY_NOON before each test.
 */
export function useGatewayApp() {
  const clock = testClock(GATEWAY_NOON);
  const baseUrls: Partial<Record<string, string>> = {};
  const app = useTestApp({
    now: clock.now,
    config: { paymentGatewayBaseUrls: baseUrls },
    signIn: ['admin', 'cashier', 'finance'],
  });
  beforeEach(() => clock.set(GATEWAY_NOON));
  return { ...app, clock, baseUrls };
}

export interface GatewayUnderTest<Fake> {
  /** Bound in beforeAll: use them inside hooks and tests. */
  fake: Fake;
  shop: GatewayShop;
  /** Where a fake posting over real HTTP reaches the app (only with `bridge`). */
  bridgeUrl: string;
}

export function useGatewayShop<Fake extends { url: string; close(): Promise<void> }>(o: {
  provider: string;
  credentials: Record<string, string>;
  startFake: (t: TestApp, now: Clock) => Promise<Fake>;
  methods?: string[];
  bridge?: boolean;
}) {
  const { clock, baseUrls, ...app } = useGatewayApp();
  const gateway = {} as GatewayUnderTest<Fake>;
  let bridge: InjectBridge | undefined;
  beforeAll(async () => {
    gateway.fake = await o.startFake(app.t, clock.now);
    if (o.bridge) {
      bridge = await startInjectBridge(app.t);
      gateway.bridgeUrl = bridge.url;
    }
    baseUrls[o.provider] = gateway.fake.url;
    gateway.shop = await gatewayShop(app.t, app.api, app.as.admin, {
      provider: o.provider,
      methods: o.methods ?? ['fpx', 'card', 'ewallet'],
      credentials: o.credentials,
    });
  });
  afterAll(async () => {
    await gateway.fake?.close();
    await bridge?.close();
  });
  /** The outcome-order tests of this gateway: its customer's new app orders. */
  const outcomeOrder = <Started>(
    c: Omit<OutcomeOrderCase<Started>, 't' | 'api' | 'customer' | 'newOrder'>,
  ) =>
    outcomeOrderTests<Started>({
      t: app.t,
      api: app.api,
      customer: () => gateway.shop.customer.headers,
      newOrder: () => newAppOrder(app.t, gateway.shop),
      ...c,
    });
  /** Paid by card through this gateway: PENDING, the whole total under its reference, on the board. */
  async function expectPaidByCard(order: { id: string; total: number }, paymentId: string) {
    expect((await orderRow(app.t, order.id)).status).toBe('PENDING');
    expect(await paymentsOf(app.t, order.id)).toMatchObject([
      { amount: order.total, method: 'card', reference: `${o.provider}:${paymentId}` },
    ]);
    expect(await onBoard(app.api, gateway.shop, app.as.cashier, order.id)).toBe(true);
  }
  /** The test of the account's credentials kept sealed (`expectCredentialsSealed`). */
  const credentialsSealedTest = (c: {
    masked: Record<string, string>;
    wrong: Record<string, string>;
  }) =>
    it('keeps the credentials sealed, shows them masked, audits them by name only, and tests the connection', () =>
      expectCredentialsSealed(app.t, app.api, app.as.admin, {
        provider: o.provider,
        credentials: o.credentials,
        ...c,
      }));
  return { ...app, gateway, clock, outcomeOrder, expectPaidByCard, credentialsSealedTest };
}
