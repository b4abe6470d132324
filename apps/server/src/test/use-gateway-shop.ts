import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../lib/clock';
import { gatewayShop, type GatewayShop } from './gateway-order-fixtures';
import { type InjectBridge, startInjectBridge } from './inject-bridge';
import type { TestApp } from './test-app';
import { useTestApp } from './use-test-app';

// The set-up every gateway's end-to-end test file shares: a test app whose gateway host is a
// loopback fake, the fake started before the tests (with a bridge when it posts over real HTTP),
// the business's gateway account set up against it, and both closed after.

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
  startFake: (t: TestApp) => Promise<Fake>;
  methods?: string[];
  bridge?: boolean;
  now?: Clock;
}) {
  const baseUrls: Partial<Record<string, string>> = {};
  const app = useTestApp({
    now: o.now,
    config: { paymentGatewayBaseUrls: baseUrls },
    signIn: ['admin', 'cashier', 'finance'],
  });
  const gateway = {} as GatewayUnderTest<Fake>;
  let bridge: InjectBridge | undefined;
  beforeAll(async () => {
    gateway.fake = await o.startFake(app.t);
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
  return { ...app, gateway };
}
