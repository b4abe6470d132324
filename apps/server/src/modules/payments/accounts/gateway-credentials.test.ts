import { gatewayCredentialFields, type GatewayProviderName } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentGateways } from '../../../db/schema/payments';
import { auditLog } from '../../../db/schema/platform';
import { useTestApp } from '../../../test/use-test-app';
import { gatewayFactories } from './gateways/gateway-factories';

// Every gateway's credentials, whatever their names: sealed in the database (the raw row is read),
// masked in every answer (but an account's id) and named but never valued in the audit trail, on creation and on a
// change. The list is the server's own, so a gateway added later is held to the same.

const { t, api, as } = useTestApp({ signIn: ['admin'] });
const { admin } = as;

/** An account's id is not a secret: staff check it against the gateway's dashboard. */
const shownWhole = ['collection_id', 'merchant_code', 'merchant_id'];

/** A distinct value per gateway and field, long enough to show its last four characters. */
const valueOf = (provider: string, field: string, round = 'first') =>
  `${provider}-${field}-${round}-secret-${field.length}${provider.length}99`;

describe.each(gatewayFactories.map((f) => [f.name, f] as const))(
  '%s credentials',
  (name, factory) => {
    it("are the fields the contract's form asks for", () => {
      const contract = gatewayCredentialFields[name as GatewayProviderName].map((f) => f.name);
      expect([...factory.credentialFields]).toEqual(contract);
    });

    it('are sealed at rest, masked in answers and never valued in the audit trail', async () => {
      const credentials = Object.fromEntries(
        factory.credentialFields.map((field) => [field, valueOf(name, field)]),
      );
      const created = await api.post(
        '/api/payment-gateways',
        {
          provider: name,
          mode: 'sandbox',
          methods: ['card'],
          is_default: false,
          enabled: true,
          credentials,
        },
        admin,
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as string;
      const masked = created.json().data.credentials as Record<string, string>;
      for (const [field, value] of Object.entries(credentials)) {
        expect(masked[field]).toBe(shownWhole.includes(field) ? value : `••••••${value.slice(-4)}`);
      }

      const changed = valueOf(name, factory.credentialFields[0]!, 'second');
      const updated = await api.put(
        `/api/payment-gateways/${id}`,
        {
          mode: 'sandbox',
          methods: ['card'],
          is_default: false,
          enabled: true,
          credentials: { [factory.credentialFields[0]!]: changed },
        },
        admin,
      );
      expect(updated.statusCode, updated.body).toBe(200);

      const [row] = await t.database.db
        .select()
        .from(paymentGateways)
        .where(eq(paymentGateways.id, id));
      expect(row!.credentials).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(trail.map((e) => e.action)).toEqual([
        'payment-gateway.create',
        'payment-gateway.update',
      ]);
      const answers = [
        created.body,
        updated.body,
        (await api.get('/api/payment-gateways', admin)).body,
        (await api.get(`/api/payment-gateways/${id}`, admin)).body,
      ];
      for (const [field, value] of [
        ...Object.entries(credentials),
        [factory.credentialFields[0]!, changed] as const,
      ]) {
        expect(JSON.stringify(row)).not.toContain(value);
        expect(JSON.stringify(trail)).not.toContain(value);
        if (shownWhole.includes(field)) continue;
        for (const body of answers) expect(body).not.toContain(value);
      }
    });
  },
);
