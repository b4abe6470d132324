import { z } from 'zod';
import { messageKey, text } from './validation';

// Payment gateways (DESIGN §8 /api/payment-gateways, subject payment-gateway, SPEC General
// Settings: Payment Gateway). A business keeps one account per gateway; the platform's superadmin,
// outside any tenant, keeps the platform's own (used by the public site's plan checkout).
// Credentials go in, never come out: every answer shows them masked (••••••1234).

/** The gateways with a provider on the server; the others join as their providers plug in. */
export const gatewayProviders = ['billplz', 'stripe', 'ipay88', 'fiuu'] as const;
export const gatewayProviderSchema = z.enum(gatewayProviders);
export type GatewayProviderName = z.infer<typeof gatewayProviderSchema>;
/** Each gateway's name as its maker writes it, the same in every language. */
export const gatewayProviderLabels = {
  billplz: 'Billplz',
  stripe: 'Stripe',
  ipay88: 'iPay88',
  fiuu: 'Fiuu',
} as const satisfies Record<GatewayProviderName, string>;

export const gatewayModes = ['sandbox', 'production'] as const;
export const gatewayModeSchema = z.enum(gatewayModes);
export type GatewayMode = z.infer<typeof gatewayModeSchema>;

/**
 * The credentials each gateway takes, as its provider names them. A secret is only ever shown
 * masked; the others (an account or collection id) are not secret and are shown whole.
 */
export const gatewayCredentialFields = {
  billplz: [
    { name: 'api_key', secret: true },
    { name: 'x_signature_key', secret: true },
    { name: 'collection_id', secret: false },
  ],
  stripe: [
    { name: 'secret_key', secret: true },
    { name: 'webhook_secret', secret: true },
  ],
  ipay88: [
    { name: 'merchant_code', secret: false },
    { name: 'merchant_key', secret: true },
  ],
  fiuu: [
    { name: 'merchant_id', secret: false },
    { name: 'verify_key', secret: true },
    { name: 'secret_key', secret: true },
  ],
} as const satisfies Record<GatewayProviderName, readonly { name: string; secret: boolean }[]>;

/** Whether a provider's credential is a secret; one it does not name is treated as one. */
export const isSecretCredential = (provider: string, name: string): boolean =>
  (gatewayCredentialFields as Record<string, readonly { name: string; secret: boolean }[]>)[
    provider
  ]?.find((f) => f.name === name)?.secret ?? true;

/** What a gateway takes: FPX online banking, cards, e-wallets. */
export const gatewayMethods = ['fpx', 'card', 'ewallet'] as const;
export const gatewayMethodSchema = z.enum(gatewayMethods);

const credentialValue = text()
  .trim()
  .min(1, { error: messageKey('required') })
  .max(500, { error: messageKey('max_length', { max: 500 }) });

/**
 * Credentials by name (Billplz: api_key, x_signature_key, collection_id;
 * Stripe: secret_key, webhook_secret; iPay88: merchant_code, merchant_key;
 * Fiuu: merchant_id, verify_key, secret_key). On an update, a name left
 * out keeps its stored value; the server refuses names its provider does not know.
 */
export const gatewayCredentialsInputSchema = z.record(
  text().regex(/^[a-z0-9_]{1,40}$/, { error: messageKey('pattern', { pattern: 'a-z 0-9 _' }) }),
  credentialValue,
);

const gatewaySettingsShape = {
  mode: gatewayModeSchema,
  methods: z.array(gatewayMethodSchema).min(1, { error: messageKey('required') }),
  is_default: z.boolean(),
  enabled: z.boolean(),
};

export const paymentGatewayCreateSchema = z.object({
  provider: gatewayProviderSchema,
  ...gatewaySettingsShape,
  credentials: gatewayCredentialsInputSchema,
});
export type PaymentGatewayCreate = z.infer<typeof paymentGatewayCreateSchema>;

export const paymentGatewayUpdateSchema = z.object({
  ...gatewaySettingsShape,
  credentials: gatewayCredentialsInputSchema.optional(),
});
export type PaymentGatewayUpdate = z.infer<typeof paymentGatewayUpdateSchema>;

export const paymentGatewaySchema = z.object({
  id: text(),
  /** Null: the platform's own gateway. */
  tenant_id: text().nullable(),
  provider: gatewayProviderSchema,
  mode: gatewayModeSchema,
  methods: z.array(gatewayMethodSchema),
  is_default: z.boolean(),
  enabled: z.boolean(),
  /** Each secret credential masked to its last four characters (`••••••1234`); the others whole. */
  credentials: z.record(text(), text()),
  /** To paste into the gateway's dashboard: where it posts its server-to-server notifications. */
  callback_url: text(),
  /** Where the gateway sends the customer back after paying (signed, re-checked by a query). */
  redirect_url: text(),
  updated_by: text().nullable(),
  updated_at: text(),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

export const paymentGatewayTestResultSchema = z.object({
  ok: z.literal(true),
  provider: gatewayProviderSchema,
  mode: gatewayModeSchema,
  checked_at: text(),
});
export type PaymentGatewayTestResult = z.infer<typeof paymentGatewayTestResultSchema>;
