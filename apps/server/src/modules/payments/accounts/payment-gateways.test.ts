import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateways } from '../../../db/schema/payments';
import { auditLog } from '../../../db/schema/platform';
import { startFakeBillplzOf, type FakeBillplz } from '../../../test/billplz-fake';
import { otherTenant } from '../../../test/catalogue-fixtures';
import { expectCode } from '../../../test/expect-code';
import { useTestApp } from '../../../test/use-test-app';
import { auditsOf } from '../../../test/fixtures';

// /api/payment-gateways: a business's gateway accounts (the platform's own for the superadmin
// outside any tenant). Credentials are sealed in the database (the raw row is read to prove it),
// masked in every answer, named but never valued in the audit trail, and kept when an update
// leaves them out; "test connection" calls the gateway (here a loopback fake Billplz).

const CREDENTIALS = {
  api_key: 'a1b2c3d4-e5f6-4711-8899-aabbccdd1234',
  x_signature_key: 'S-gateway-test-signature-key-5678',
  collection_id: 'col_gw_9012',
};
const baseUrls: Partial<Record<string, string>> = {};
let fake: FakeBillplz;

const { t, api, as } = useTestApp({
  config: { paymentGatewayBaseUrls: baseUrls },
  signIn: ['admin', 'cashier', 'superadmin'],
});
const { admin, cashier, superadmin } = as;

beforeAll(async () => {
  fake = await startFakeBillplzOf(CREDENTIALS, () =>
    Promise.reject(new Error('no callbacks here')),
  );
  baseUrls.billplz = fake.url;
});
afterAll(async () => {
  await fake?.close();
});

const billplz = (over: Record<string, unknown> = {}) => ({
  provider: 'billplz',
  mode: 'sandbox',
  methods: ['fpx', 'ewallet'],
  is_default: true,
  enabled: true,
  credentials: CREDENTIALS,
  ...over,
});

const rawRow = async (id: string) =>
  (await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.id, id)))[0]!;

describe('/api/payment-gateways', () => {
  let id: string;

  it('creates a gateway with its credentials sealed at rest and masked in the answer', async () => {
    const res = await api.post('/api/payment-gateways', billplz(), admin);
    expect(res.statusCode, res.body).toBe(201);
    const gateway = res.json().data;
    id = gateway.id;
    expect(gateway).toMatchObject({
      provider: 'billplz',
      mode: 'sandbox',
      methods: ['fpx', 'ewallet'],
      is_default: true,
      enabled: true,
      credentials: {
        api_key: '••••••1234',
        x_signature_key: '••••••5678',
        collection_id: 'col_gw_9012',
      },
      callback_url: 'http://localhost:3000/api/payments/billplz/callback',
      redirect_url: 'http://localhost:3000/api/payments/billplz/return',
    });
    expect(gateway.tenant_id).not.toBeNull();
    // Nothing of a credential is in the row as written, nor of a secret in any answer.
    const row = await rawRow(id);
    expect(row.credentials).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    for (const [name, value] of Object.entries(CREDENTIALS)) {
      expect(row.credentials).not.toContain(value);
      expect(JSON.stringify(row)).not.toContain(value);
      // The collection id is no secret: the answer shows it whole (above).
      if (name === 'collection_id') continue;
      expect(res.body).not.toContain(value);
      expect((await api.get('/api/payment-gateways', admin)).body).not.toContain(value);
    }
    const [trail] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail).toMatchObject({
      action: 'payment-gateway.create',
      after: { provider: 'billplz', credentials_set: Object.keys(CREDENTIALS) },
    });
    for (const value of Object.values(CREDENTIALS)) {
      expect(JSON.stringify(trail)).not.toContain(value);
    }
  });

  it('keeps a credential an update leaves out, and audits a change by name only', async () => {
    const newKey = 'S-rotated-signature-key-4321';
    const res = await api.put(
      `/api/payment-gateways/${id}`,
      {
        mode: 'production',
        methods: ['fpx'],
        is_default: true,
        enabled: false,
        credentials: { x_signature_key: newKey },
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      mode: 'production',
      enabled: false,
      credentials: {
        api_key: '••••••1234',
        x_signature_key: '••••••4321',
        collection_id: 'col_gw_9012',
      },
    });
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment-gateway.update'));
    expect(trail.at(-1)?.after).toMatchObject({ credentials_changed: ['x_signature_key'] });
    expect(JSON.stringify(trail)).not.toContain(newKey);
    expect((await rawRow(id)).credentials).not.toContain(newKey);
    // Back to sandbox with the original key for the connection test.
    const back = await api.put(
      `/api/payment-gateways/${id}`,
      {
        ...billplz(),
        provider: undefined,
        credentials: { x_signature_key: CREDENTIALS.x_signature_key },
      },
      admin,
    );
    expect(back.statusCode, back.body).toBe(200);
  });

  it('tests the connection against the gateway, and says so when it refuses', async () => {
    const res = await api.post(`/api/payment-gateways/${id}/test-connection`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, provider: 'billplz', mode: 'sandbox' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/v3/collections/${CREDENTIALS.collection_id}`,
    });
    await api.put(
      `/api/payment-gateways/${id}`,
      { ...billplz(), provider: undefined, credentials: { api_key: 'wrong-key-0000' } },
      admin,
    );
    expectCode(
      await api.post(`/api/payment-gateways/${id}/test-connection`, undefined, admin),
      400,
      'payment_gateway_unreachable',
    );
    await api.put(
      `/api/payment-gateways/${id}`,
      { ...billplz(), provider: undefined, credentials: { api_key: CREDENTIALS.api_key } },
      admin,
    );
  });

  it('answers 401, 403, 404, 409 and 400 as usual', async () => {
    expectCode(await api.get('/api/payment-gateways', {}), 401, 'unauthorized');
    expectCode(await api.get('/api/payment-gateways', cashier), 403, 'forbidden');
    expectCode(await api.post('/api/payment-gateways', billplz(), cashier), 403, 'forbidden');
    expectCode(
      await api.post('/api/payment-gateways', billplz(), admin),
      409,
      'payment_gateway_taken',
    );
    expectCode(
      await api.post('/api/payment-gateways', billplz({ methods: [] }), admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post('/api/payment-gateways', billplz({ provider: 'paypal' }), admin),
      400,
      'validation_failed',
    );
    const other = await otherTenant(t, 'gw-other');
    expectCode(
      await api.post(
        '/api/payment-gateways',
        billplz({ credentials: { api_key: 'only-one-key' } }),
        other.headers,
      ),
      400,
      'payment_gateway_credentials_invalid',
    );
    expectCode(
      await api.post(
        '/api/payment-gateways',
        billplz({ credentials: { ...CREDENTIALS, password: 'not-billplz' } }),
        other.headers,
      ),
      400,
      'payment_gateway_credentials_invalid',
    );
    // Another business sees none of ours, and cannot reach ours by id.
    expect((await api.get('/api/payment-gateways', other.headers)).json().data).toEqual([]);
    expectCode(await api.get(`/api/payment-gateways/${id}`, other.headers), 404, 'not_found');
    expectCode(
      await api.put(
        `/api/payment-gateways/${id}`,
        { ...billplz(), provider: undefined },
        other.headers,
      ),
      404,
      'not_found',
    );
    expectCode(
      await api.post(`/api/payment-gateways/${id}/test-connection`, undefined, other.headers),
      404,
      'not_found',
    );
    expectCode(
      await api.del(`/api/payment-gateways/${id}`, undefined, other.headers),
      404,
      'not_found',
    );
  });

  it("lets the superadmin outside a tenant keep the platform's own gateway apart from the businesses'", async () => {
    expect((await api.get('/api/payment-gateways', superadmin)).json().data).toEqual([]);
    const res = await api.post('/api/payment-gateways', billplz(), superadmin);
    expect(res.statusCode, res.body).toBe(201);
    const platform = res.json().data;
    expect(platform.tenant_id).toBeNull();
    expect((await rawRow(platform.id)).tenantId).toBeNull();
    const ours = (await api.get('/api/payment-gateways', admin)).json().data as { id: string }[];
    expect(ours.map((g) => g.id)).toEqual([id]);
    expectCode(await api.get(`/api/payment-gateways/${platform.id}`, admin), 404, 'not_found');
    expectCode(await api.get(`/api/payment-gateways/${id}`, superadmin), 404, 'not_found');
    const removed = await api.del(`/api/payment-gateways/${platform.id}`, undefined, superadmin);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('deletes a gateway, audited', async () => {
    const res = await api.del(`/api/payment-gateways/${id}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, deleted: true });
    expectCode(await api.get(`/api/payment-gateways/${id}`, admin), 404, 'not_found');
    const [trail] = await auditsOf(t, 'payment-gateway.delete', id);
    expect(trail).toMatchObject({ before: { provider: 'billplz', mode: 'sandbox' } });
  });
});
