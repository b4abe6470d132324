import { zodResolver } from '@hookform/resolvers/zod';
import {
  gatewayMethods,
  gatewayModes,
  type GatewayProviderName,
  gatewayProviders,
  type PaymentGateway,
  paymentGatewayCreateSchema,
  text,
} from '@kopi/contract';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { halfCell } from '../../../components/form-binding';
import {
  FormCheckboxGroupField,
  FormSelectField,
  FormSwitchField,
} from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { usePaymentGatewayStrings } from '../i18n';

/** The credentials each gateway needs (as the server's provider names them); secrets are hidden. */
export const credentialFields = {
  billplz: [
    { name: 'api_key', secret: true },
    { name: 'x_signature_key', secret: true },
    { name: 'collection_id', secret: false },
  ],
  stripe: [
    { name: 'secret_key', secret: true },
    { name: 'webhook_secret', secret: true },
  ],
} as const satisfies Record<GatewayProviderName, readonly { name: string; secret: boolean }[]>;
type CredentialName = (typeof credentialFields)[GatewayProviderName][number]['name'];

// Credentials may be left empty on an edit (each keeps its stored value); the server says which
// a new gateway still needs.
const formSchema = paymentGatewayCreateSchema.extend({
  credentials: z.object({ api_key: text(), x_signature_key: text(), collection_id: text() }),
});
export type GatewayForm = z.infer<typeof formSchema>;
const resolver = zodResolver(formSchema) as unknown as Resolver<GatewayForm, unknown, GatewayForm>;

const noCredentials = { api_key: '', x_signature_key: '', collection_id: '' };
const blank: GatewayForm = {
  provider: 'billplz',
  mode: 'sandbox',
  methods: ['fpx'],
  is_default: true,
  enabled: true,
  credentials: noCredentials,
};
const valuesOf = (g: PaymentGateway): GatewayForm => ({
  provider: g.provider,
  mode: g.mode,
  methods: g.methods,
  is_default: g.is_default,
  enabled: g.enabled,
  credentials: noCredentials,
});
const fields = [
  'provider',
  'mode',
  'methods',
  'is_default',
  'enabled',
  'credentials.api_key',
  'credentials.x_signature_key',
  'credentials.collection_id',
] as const;

/** Only the credentials typed in: on an edit, the others keep their stored value. */
export const typedCredentials = (credentials: GatewayForm['credentials']) =>
  Object.fromEntries(Object.entries(credentials).filter(([, value]) => value.trim() !== ''));

/**
 * Sets up a gateway or changes one in a side drawer: the gateway (fixed once set up), sandbox or
 * production, the payment methods it takes, default and enabled, and its credentials — typed in,
 * never shown back: an edit shows each stored one masked and keeps it when left empty.
 */
export function GatewayDrawer({
  open,
  gateway,
  onClose,
  onSubmit,
}: {
  open: boolean;
  gateway: PaymentGateway | null;
  onClose: () => void;
  onSubmit: (values: GatewayForm) => Promise<void>;
}) {
  const { t } = usePaymentGatewayStrings();
  const { form, frame } = useEntityForm({
    open,
    record: gateway,
    blank,
    valuesOf,
    resolver,
    fields,
    onSubmit,
    onClose,
  });
  const provider = form.watch('provider');
  return (
    <EntityDrawer
      name="payment-gateway"
      title={
        gateway
          ? t('form.editTitle', { name: t(`provider.${gateway.provider}`) })
          : t('form.createTitle')
      }
      width={520}
      {...frame}
    >
      <FormSelectField
        cell={halfCell}
        name="provider"
        label={t('form.provider')}
        disabled={Boolean(gateway)}
        options={gatewayProviders.map((p) => ({ value: p, label: t(`provider.${p}`) }))}
        testId="payment-gateway-provider"
      />
      <FormSelectField
        cell={halfCell}
        name="mode"
        label={t('form.mode')}
        options={gatewayModes.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        testId="payment-gateway-mode"
      />
      <FormCheckboxGroupField
        cell={12}
        name="methods"
        label={t('form.methods')}
        options={gatewayMethods}
        optionLabel={(m) => t(`method.${m}`)}
      />
      {credentialFields[provider].map(({ name, secret }) => (
        <FormTextField
          key={name}
          cell={12}
          name={`credentials.${name as CredentialName}`}
          label={t(`credential.${name}`)}
          password={secret}
          autoComplete="off"
          helperText={
            gateway?.credentials[name]
              ? t('form.keepHint', { masked: gateway.credentials[name] })
              : t('form.required')
          }
        />
      ))}
      <FormSwitchField cell={halfCell} name="is_default" label={t('form.isDefault')} />
      <FormSwitchField
        cell={halfCell}
        name="enabled"
        label={t('form.enabled')}
        testId="payment-gateway-enabled"
      />
    </EntityDrawer>
  );
}
