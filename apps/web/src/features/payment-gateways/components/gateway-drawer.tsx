import { zodResolver } from '@hookform/resolvers/zod';
import {
  gatewayMethods,
  gatewayModes,
  gatewayCredentialFields,
  type GatewayProviderName,
  gatewayProviders,
  type PaymentGateway,
  paymentGatewayCreateSchema,
  text,
} from '@kopi/contract';
import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { halfCell } from '../../../components/form-binding';
import {
  FormCheckboxGroupField,
  FormSelectField,
  FormSwitchField,
} from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { usePaymentGatewayStrings } from '../i18n';

/** The credentials each gateway needs (the contract's list); secrets are hidden as typed. */
export const credentialFields = gatewayCredentialFields;
type CredentialName = (typeof credentialFields)[GatewayProviderName][number]['name'];
const credentialNames = [
  ...new Set(Object.values(credentialFields).flatMap((f) => f.map(({ name }) => name))),
] as CredentialName[];

// Every gateway's credentials have a field; only the chosen gateway's are shown, and a field
// left empty is not sent (on an edit it keeps its stored value; the server says which a new
// gateway still needs).
const formSchema = paymentGatewayCreateSchema.extend({
  credentials: z.object(
    Object.fromEntries(credentialNames.map((name) => [name, text()])) as Record<
      CredentialName,
      ReturnType<typeof text>
    >,
  ),
});
export type GatewayForm = z.infer<typeof formSchema>;
const resolver = zodResolver(formSchema) as unknown as Resolver<GatewayForm, unknown, GatewayForm>;

const noCredentials = Object.fromEntries(credentialNames.map((name) => [name, ''])) as Record<
  CredentialName,
  string
>;
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
  ...credentialNames.map((name) => `credentials.${name}` as const),
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
  gateway,
  ...drawer
}: DrawerFormProps<GatewayForm> & {
  gateway: PaymentGateway | null;
}) {
  const { t } = usePaymentGatewayStrings();
  const { form, frame } = useEntityForm({
    ...drawer,
    record: gateway,
    blank,
    valuesOf,
    resolver,
    fields,
  });
  const provider = form.watch('provider');
  // A new gateway sends only what was typed: another gateway's fields, typed before switching,
  // are emptied so their names never reach the server.
  useEffect(() => {
    if (gateway) return;
    const shown = new Set<string>(credentialFields[provider].map(({ name }) => name));
    for (const name of credentialNames) {
      if (!shown.has(name)) form.setValue(`credentials.${name}`, '');
    }
  }, [form, gateway, provider]);
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
          label={t(`providerCredential.${provider}.${name}` as 'credential.api_key')}
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
