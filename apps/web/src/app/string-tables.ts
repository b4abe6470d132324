import {
  describePermission,
  errorCatalog,
  paymentMethodLabels,
  permissionAreas,
  permissionCatalogue,
  refundReasonLabels,
  servingMethodLabels,
  walletEntryKindLabels,
  type Locale,
} from '@kopi/contract';
import { en } from '../lib/i18n/en';
import { enShell } from '../lib/i18n/en-shell';
import { i18n } from '../lib/i18n/i18n';
import { my } from '../lib/i18n/my';
import { buildTranslation } from '../lib/i18n/resources';
// Every module that registers a namespace of strings (defineFeatureStrings); the unit test
// checks none is missing.
import '../lib/audit-labels';
import '../components/approval/i18n';
import '../components/catalogue/i18n';
import '../components/coded-reason/i18n';
import '../components/date-field/i18n';
import '../components/kpi-card-i18n';
import '../components/money-working/i18n';
import '../components/receipt/i18n';
import '../components/shifts/i18n';
import '../components/tenant-filter-i18n';
import '../components/wallet-ledger/i18n';
import '../features/app-features/i18n';
import '../features/auth/change-password-i18n';
import '../features/banners/i18n';
import '../features/business-settings/i18n';
import '../features/categories/i18n';
import '../features/content-texts/i18n';
import '../features/customers/i18n';
import '../features/dashboard/i18n';
import '../features/logs/i18n';
import '../features/membership/i18n';
import '../features/menus/i18n';
import '../features/orders/i18n';
import '../features/outlets/i18n';
import '../features/payment-gateways/i18n';
import '../features/payment-gateways/i18n-reconciliation';
import '../features/permissions/i18n';
import '../features/pos/i18n';
import '../features/pos/i18n-refund';
import '../features/pos/i18n-topup';
import '../features/products/i18n';
import '../features/referral/i18n';
import '../features/refunds/i18n';
import '../features/reports/i18n';
import '../features/rewards/i18n';
import '../features/roles/i18n';
import '../features/status-order/i18n';
import '../features/tenants/i18n';
import '../features/users/i18n';
import '../features/variant-addons/i18n';
import '../features/voucher-campaigns/i18n';
import '../features/voucher-usage/i18n';
import '../features/vouchers/i18n';
import '../features/wallet/i18n';

// Every English and Malay string of the web in one place, for checks only: the app loads a
// screen's strings with the screen. Its sources are the shell's tables (with the contract's
// validation and error messages), each screen's namespace, and the contract's labels screens show
// as they are (payment and serving methods, refund reasons, wallet entries, permissions).
// Keys read `namespace:path` (`membership:form.nameEn`, `translation:common.save`).

export type StringTable = Record<string, string>;

function flatten(value: unknown, prefix: string, into: StringTable) {
  if (typeof value === 'string') {
    into[prefix] = value;
    return;
  }
  if (value && typeof value === 'object') {
    const separator = prefix.endsWith(':') ? '' : '.';
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix + separator + key, into);
  }
}

/** The contract's labels, per locale, in one object of their own. */
function contractLabels(locale: Locale) {
  const permissions = Object.fromEntries(
    permissionCatalogue.map((e) => [e.permission, describePermission(e.permission)?.[locale]]),
  );
  return {
    paymentMethod: paymentMethodLabels[locale],
    servingMethod: servingMethodLabels[locale],
    refundReason: Object.fromEntries(
      Object.entries(refundReasonLabels).map(([k, v]) => [k, v[locale]]),
    ),
    walletEntry: walletEntryKindLabels[locale],
    permissionArea: Object.fromEntries(permissionAreas.map((a) => [a.area, a.label[locale]])),
    permission: permissions,
  };
}

/** One language's strings, flat: `namespace:dotted.path` → text (i18next's `{{name}}` kept). */
export function stringTable(locale: Locale): StringTable {
  const table: StringTable = {};
  const registered = i18n.store.data[locale] ?? {};
  const shell = buildTranslation(locale, locale === 'en' ? { ...en, ...enShell } : my);
  const errors = Object.fromEntries(Object.entries(errorCatalog).map(([k, m]) => [k, m[locale]]));
  // Validation messages one feature registers (vouchers, the PIN) join the shell's.
  const validation = {
    ...shell.validation,
    ...(registered.translation as { validation?: object } | undefined)?.validation,
  };
  flatten({ ...shell, validation, errors }, 'translation:', table);
  for (const [namespace, strings] of Object.entries(registered)) {
    if (namespace !== 'translation') flatten(strings, `${namespace}:`, table);
  }
  flatten(contractLabels(locale), 'contract:', table);
  return table;
}

/** The namespaces the tables hold (besides the shell's and the contract's). */
export const registeredNamespaces = () =>
  Object.keys(i18n.store.data.en ?? {}).filter((ns) => ns !== 'translation');
