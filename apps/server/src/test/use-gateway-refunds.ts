import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock } from '../lib/clock';
import { gatewayShop, type GatewayShop } from './gateway-order-fixtures';
import { gatewayRefundHelpers } from './gateway-refund-fixtures';
import { useGatewayApp } from './use-gateway-shop';

// The set-up every file of refunds through a gateway shares: a test app whose gateway hosts are
// loopback fakes, each fake started and its business account set up before the tests, each
// gateway reachable again before every test (a test may take one "down"), and the fakes closed
// after. The app's clock is the kit's: each test starts at the gateway tests' noon.

export interface GatewayUnderRefund<Fake> {
  credentials: Record<string, string>;
  methods: string[];
  start: (now: Clock) => Promise<Fake>;
}

type Closable = { url: string; close(): Promise<void> };

export function useGatewayRefunds<Fakes extends Record<string, Closable>>(o: {
  gateways: { [Provider in keyof Fakes]: GatewayUnderRefund<Fakes[Provider]> };
}) {
  const { clock, baseUrls, ...app } = useGatewayApp();
  const { admin, cashier, finance } = app.as;
  const helpers = gatewayRefundHelpers({
    t: app.t,
    api: app.api,
    cashier,
    finance,
    now: clock.now,
    baseUrls,
  });
  const providers = Object.keys(o.gateways) as (keyof Fakes & string)[];
  /** Bound in beforeAll: use them inside hooks and tests. */
  const fakes = {} as Fakes;
  const shops = {} as Record<keyof Fakes, GatewayShop>;
  beforeAll(async () => {
    for (const provider of providers) {
      fakes[provider] = await o.gateways[provider].start(clock.now);
      baseUrls[provider] = fakes[provider].url;
    }
    for (const provider of providers) {
      const { credentials, methods } = o.gateways[provider];
      shops[provider] = await gatewayShop(app.t, app.api, admin, {
        provider,
        methods,
        credentials,
      });
    }
  });
  afterAll(async () => {
    for (const provider of providers) await fakes[provider]?.close();
  });
  beforeEach(() => {
    for (const provider of providers) baseUrls[provider] = fakes[provider]!.url;
  });
  return { ...app, ...helpers, clock, baseUrls, fakes, shops };
}
