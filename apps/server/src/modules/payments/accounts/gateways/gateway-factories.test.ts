import { describe, expect, it } from 'vitest';
import { gatewayFactories } from './gateway-factories';

// A factory says whether its gateway refunds (the refund plan reads that without connecting);
// its clients must agree.

describe.each(gatewayFactories.map((f) => [f.name, f] as const))('%s', (_name, factory) => {
  it('declares refunds exactly when its clients can refund', () => {
    const client = factory.connect({
      credentials: Object.fromEntries(factory.credentialFields.map((f) => [f, `${f}-value`])),
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      callbackUrl: 'http://127.0.0.1:9/callback',
      redirectUrl: 'http://127.0.0.1:9/return',
      checkoutUrl: 'http://127.0.0.1:9/checkout',
      now: () => new Date('2026-06-10T04:00:00Z'),
    });
    expect(client.refund !== null).toBe(factory.refunds);
  });
});
