import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock } from '../lib/clock';
import { gatewayShop, newAppOrder, type GatewayShop } from './gateway-order-fixtures';
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
  const clock = testClock(GATEWAY_NOON);
  const baseUrls: Partial<Record<string, string>> = {};
  const app = useTestApp({
    now: clock.now,
    config: { paymentGatewayBaseUrls: baseUrls },
    signIn: ['admin', 'cashier', 'finance'],
  });
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
  beforeEach(() => clock.set(GATEWAY_NOON));
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
  return { ...app, gateway, clock, outcomeOrder };
}
