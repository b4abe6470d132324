import type {
  GatewayMode,
  PaymentGateway,
  PaymentGatewayCreate,
  PaymentGatewayTestResult,
  PaymentGatewayUpdate,
} from '@kopi/contract';
import { isSecretCredential } from '@kopi/contract';
import type { Db } from '../../../db/database';
import { audited } from '../../../lib/audit';
import type { Clock } from '../../../lib/clock';
import { uniqueFieldTaken } from '../../../lib/db-errors';
import { AppError, found } from '../../../lib/errors';
import type { AuthedContext } from '../../../lib/request-context';
import { scopeOf } from '../../../lib/caller-tenant';
import { tenantOfScope } from '../../../db/tenant-scope';
import { gatewayFactories } from './gateways/gateway-factories';
import type { GatewayClient, GatewayFactory } from './gateways/gateway-provider';
import {
  credentialsOwner,
  maskCredential,
  openCredentials,
  resolveCredentialsKey,
  sealCredentials,
} from './payment-credentials';
import * as repo from './payment-gateways.repo';

// Payment gateways (decision 044): a business's account with each gateway, or (the superadmin
// outside any tenant) the platform's own. Credentials are sealed at rest, masked in every answer
// and named, never valued, in the audit trail. The payments service connects a business's
// gateway here to start a payment or to verify a notification about one.

export interface PaymentGatewayDeps {
  db: Db;
  now: Clock;
  /** The 32-byte credentials key (payment-credentials.ts). */
  key: Buffer;
  /** This server's public address: the callback and return URLs the gateways are given. */
  appUrl: string;
  /** Test-only hosts replacing the gateways' own (a loopback fake). */
  baseUrls: Partial<Record<string, string>>;
}

const taken = uniqueFieldTaken(
  'payment_gateways_tenant_provider_unique',
  'payment_gateway_taken',
  'provider',
);

export function createPaymentGatewayService({
  db,
  now,
  key,
  appUrl,
  baseUrls,
}: PaymentGatewayDeps) {
  const factories = new Map(gatewayFactories.map((f) => [f.name as string, f]));
  const refunding = new Set(gatewayFactories.filter((f) => f.refunds).map((f) => f.name as string));
  const factoryOf = (provider: string): GatewayFactory => {
    const factory = factories.get(provider);
    if (!factory) throw new AppError('payment_provider_unavailable');
    return factory;
  };
  const urlsOf = (provider: string) => ({
    callbackUrl: `${appUrl}/api/payments/${provider}/callback`,
    redirectUrl: `${appUrl}/api/payments/${provider}/return`,
    checkoutUrl: `${appUrl}/api/payments/${provider}/checkout`,
  });
  const credentialsOf = (row: repo.PaymentGatewayRow) =>
    openCredentials(key, credentialsOwner(row.tenantId, row.provider), row.credentials);

  function connectRow(row: repo.PaymentGatewayRow): GatewayClient {
    return factoryOf(row.provider).connect({
      credentials: credentialsOf(row),
      mode: row.mode as GatewayMode,
      baseUrl: baseUrls[row.provider],
      ...urlsOf(row.provider),
      now,
    });
  }

  function toGateway(row: repo.PaymentGatewayRow): PaymentGateway {
    const credentials = credentialsOf(row);
    const urls = urlsOf(row.provider);
    return {
      id: row.id,
      tenant_id: row.tenantId,
      provider: row.provider as PaymentGateway['provider'],
      mode: row.mode as GatewayMode,
      methods: row.methods as PaymentGateway['methods'],
      is_default: row.isDefault,
      enabled: row.enabled,
      credentials: Object.fromEntries(
        Object.entries(credentials).map(([name, value]) => [
          name,
          isSecretCredential(row.provider, name) ? maskCredential(value) : value,
        ]),
      ),
      callback_url: urls.callbackUrl,
      redirect_url: urls.redirectUrl,
      updated_by: row.updatedBy,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** The stored credentials with `input` over them; every field the provider needs, no other. */
  function mergedCredentials(
    factory: GatewayFactory,
    stored: Record<string, string>,
    input: Record<string, string> | undefined,
  ) {
    const merged = { ...stored, ...input };
    const unknown = Object.keys(input ?? {}).filter((n) => !factory.credentialFields.includes(n));
    const missing = factory.credentialFields.filter((n) => !merged[n]);
    if (unknown.length > 0 || missing.length > 0) {
      throw new AppError('payment_gateway_credentials_invalid', {
        details: [...unknown, ...missing].map((n) => ({
          path: `credentials.${n}`,
          message: unknown.includes(n) ? 'validation.invalid_character' : 'validation.required',
        })),
      });
    }
    return Object.fromEntries(factory.credentialFields.map((n) => [n, merged[n]!]));
  }

  /** What the trail keeps of a gateway: its settings, never a credential's value. */
  const trailOf = (
    r: Pick<repo.PaymentGatewayRow, 'provider' | 'mode' | 'methods'> & {
      isDefault: boolean;
      enabled: boolean;
    },
  ) => ({
    provider: r.provider,
    mode: r.mode,
    methods: r.methods,
    is_default: r.isDefault,
    enabled: r.enabled,
  });

  const ownerOf = (ctx: AuthedContext) => tenantOfScope(scopeOf(ctx));
  const require = async (ctx: AuthedContext, id: string) =>
    found(await repo.findById(db, ownerOf(ctx), id));

  return {
    async list(ctx: AuthedContext): Promise<PaymentGateway[]> {
      return (await repo.list(db, ownerOf(ctx))).map(toGateway);
    },

    async get(ctx: AuthedContext, id: string): Promise<PaymentGateway> {
      return toGateway(await require(ctx, id));
    },

    async create(ctx: AuthedContext, input: PaymentGatewayCreate): Promise<PaymentGateway> {
      const owner = ownerOf(ctx);
      const factory = factoryOf(input.provider);
      const credentials = mergedCredentials(factory, {}, input.credentials);
      const values = {
        tenantId: owner,
        provider: input.provider,
        mode: input.mode,
        methods: input.methods,
        isDefault: input.is_default,
        enabled: input.enabled,
        credentials: sealCredentials(key, credentialsOwner(owner, input.provider), credentials),
        updatedBy: ctx.principal.username,
      };
      const id = await audited(
        db,
        ctx,
        (newId: string) => ({
          action: 'payment-gateway.create',
          entity: 'payment-gateway',
          entityId: newId,
          tenantId: owner,
          after: { ...trailOf(values), credentials_set: Object.keys(credentials) },
        }),
        async (tx) => {
          const newId = await repo.insert(tx, values);
          if (values.isDefault) await repo.clearOtherDefaults(tx, owner, newId);
          return newId;
        },
      ).catch(taken);
      return toGateway(found(await repo.findById(db, owner, id)));
    },

    async update(
      ctx: AuthedContext,
      id: string,
      input: PaymentGatewayUpdate,
    ): Promise<PaymentGateway> {
      const owner = ownerOf(ctx);
      const row = await require(ctx, id);
      const factory = factoryOf(row.provider);
      const stored = credentialsOf(row);
      const credentials = mergedCredentials(factory, stored, input.credentials);
      const changed = factory.credentialFields.filter((n) => credentials[n] !== stored[n]);
      const values = {
        mode: input.mode,
        methods: input.methods,
        isDefault: input.is_default,
        enabled: input.enabled,
        credentials: sealCredentials(key, credentialsOwner(owner, row.provider), credentials),
        updatedBy: ctx.principal.username,
      };
      await audited(
        db,
        ctx,
        {
          action: 'payment-gateway.update',
          entity: 'payment-gateway',
          entityId: id,
          tenantId: owner,
          before: trailOf(row),
          after: {
            ...trailOf({ ...values, provider: row.provider }),
            credentials_changed: changed,
          },
        },
        async (tx) => {
          await repo.update(tx, owner, id, values, now());
          if (values.isDefault) await repo.clearOtherDefaults(tx, owner, id);
        },
      );
      return toGateway(found(await repo.findById(db, owner, id)));
    },

    async remove(ctx: AuthedContext, id: string) {
      const owner = ownerOf(ctx);
      const row = await require(ctx, id);
      await audited(
        db,
        ctx,
        {
          action: 'payment-gateway.delete',
          entity: 'payment-gateway',
          entityId: id,
          tenantId: owner,
          before: trailOf(row),
        },
        (tx) => repo.remove(tx, owner, id),
      );
      return { id, deleted: true as const };
    },

    /** Calls the gateway with the stored credentials (its status endpoint); nothing is written. */
    async testConnection(ctx: AuthedContext, id: string): Promise<PaymentGatewayTestResult> {
      const row = await require(ctx, id);
      await connectRow(row).testConnection();
      return {
        ok: true,
        provider: row.provider as PaymentGatewayTestResult['provider'],
        mode: row.mode as GatewayMode,
        checked_at: now().toISOString(),
      };
    },

    /**
     * The business's switched-on gateways the server has providers for, the default first: who
     * takes the app's payments when it names none.
     */
    async takers(
      tenantId: string,
    ): Promise<{ provider: string; methods: string[]; isDefault: boolean }[]> {
      const rows = await repo.list(db, tenantId);
      return rows
        .filter((row) => row.enabled && factories.has(row.provider))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
        .map((row) => ({ provider: row.provider, methods: row.methods, isDefault: row.isDefault }));
    },

    /** Whether the server has a provider for this gateway. */
    isGateway: (provider: string) => factories.has(provider),

    factoryOf,

    /** The gateways whose payments are refunded through their API (the others by hand). */
    refundingGateways: (): string[] => [...refunding],

    /**
     * A business's enabled gateway of `provider`, connected (payment_provider_unavailable when it
     * has none, or it is switched off, unless `evenDisabled`).
     */
    async connectFor(tenantId: string, provider: string, o: { evenDisabled?: boolean } = {}) {
      factoryOf(provider);
      const row = await repo.findByProvider(db, tenantId, provider);
      // A payment started before the gateway was switched off is still verified with it.
      if (!row || (!row.enabled && !o.evenDisabled)) {
        throw new AppError('payment_provider_unavailable');
      }
      return { client: connectRow(row), methods: row.methods };
    },
  };
}

export type PaymentGatewayService = ReturnType<typeof createPaymentGatewayService>;

/**
 * The service over the credentials key PAYMENT_CREDENTIALS_KEY gives, or else the one kept in
 * server_secrets (generated on first start, so every instance on one database opens the same).
 */
export async function openPaymentGatewayService({
  configuredKey,
  ...deps
}: Omit<PaymentGatewayDeps, 'key'> & { configuredKey: string | undefined }) {
  const key = await resolveCredentialsKey(deps.db, configuredKey);
  return createPaymentGatewayService({ ...deps, key });
}
