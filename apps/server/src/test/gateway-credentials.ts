import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentGateways } from '../db/schema/payments';
import { auditLog } from '../db/schema/platform';
import { expectCode } from './expect-code';
import type { RequestHeaders, Requests, TestApp } from './test-app';

// How the gateways' end-to-end tests see a business's gateway account from its settings: the
// account as listed, and the credentials kept sealed and masked, with the connection test
// failing on a wrong key and passing again on the right one.

export interface ListedGateway {
  id: string;
  provider: string;
  credentials: Record<string, string>;
  callback_url: string;
}

/** The business's `provider` account as its settings list it, and the list's raw body. */
export async function listedGateway(api: Requests, admin: RequestHeaders, provider: string) {
  const list = await api.get('/api/payment-gateways', admin);
  const gateway = (list.json().data as ListedGateway[]).find((g) => g.provider === provider)!;
  return { gateway, body: list.body };
}

/**
 * No credential value in the row, the list or the audit trail (which names the account); the
 * list shows them as `masked`; the connection test passes, fails with the `wrong` ones, and the
 * right ones are put back.
 */
export async function expectCredentialsSealed(
  t: TestApp,
  api: Requests,
  admin: RequestHeaders,
  o: {
    provider: string;
    credentials: Record<string, string>;
    masked: Record<string, string>;
    wrong: Record<string, string>;
  },
) {
  const { gateway, body } = await listedGateway(api, admin, o.provider);
  expect(gateway.credentials).toEqual(o.masked);
  const [row] = await t.database.db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.id, gateway.id));
  const trail = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, gateway.id));
  expect(trail.length).toBeGreaterThan(0);
  for (const [name, value] of Object.entries(o.credentials)) {
    expect(JSON.stringify(row)).not.toContain(value);
    expect(JSON.stringify(trail)).not.toContain(value);
    // An account's id (shown whole in `masked`) is no secret; every other value never shows.
    if (o.masked[name] !== value) expect(body).not.toContain(value);
  }
  const test = `/api/payment-gateways/${gateway.id}/test-connection`;
  const ok = await api.post(test, {}, admin);
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().data).toMatchObject({ ok: true, provider: o.provider });
  const settings = {
    mode: 'sandbox',
    methods: ['fpx', 'card', 'ewallet'],
    is_default: true,
    enabled: true,
  };
  const update = (credentials: Record<string, string>) =>
    api.put(`/api/payment-gateways/${gateway.id}`, { ...settings, credentials }, admin);
  expect((await update(o.wrong)).statusCode).toBe(200);
  expectCode(await api.post(test, {}, admin), 400, 'payment_gateway_unreachable');
  const right = Object.fromEntries(Object.keys(o.wrong).map((key) => [key, o.credentials[key]!]));
  expect((await update(right)).statusCode).toBe(200);
}
