import { describe, expect, it } from 'vitest';
import {
  locales,
  orderFileLabels,
  orderStatuses,
  paymentMethods,
  servingMethods,
} from '@kopi/contract';
import '../../components/receipt/i18n';
import { enShell } from '../../lib/i18n/en-shell';
import { i18n } from '../../lib/i18n/i18n';
import { my } from '../../lib/i18n/my';
import type { useReceiptStrings } from '../../components/receipt/i18n';
import type { useOrderStrings } from './i18n';
import './i18n';

// The order export (server) writes the words of orderFileLabels; the order screens show their own
// i18n strings. They must be the same words, or the file would not read like the list it came from.

type OrderT = ReturnType<typeof useOrderStrings>['t'];
type ReceiptT = ReturnType<typeof useReceiptStrings>['t'];
// Feature namespaces are added at run time: the typed getFixedT knows only the shell's.
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns?: string) => unknown;

describe.each(locales)('order export labels (%s)', (locale) => {
  const t = fixedT(locale, 'orders') as OrderT;
  const receipt = fixedT(locale, 'receipt') as ReceiptT;
  // The shell's Malay loads only when chosen; its status names are read from the bundles.
  const recordStatus = { en: enShell.recordStatus, my: my.recordStatus }[locale];
  const labels = orderFileLabels[locale];

  it('name the columns as the list and the details do, money columns in RM', () => {
    const { columns } = labels;
    expect(columns.outlet).toBe(t('list.outlet'));
    expect(columns.via).toBe(t('list.via'));
    expect(columns.status).toBe(t('list.status'));
    expect(columns.total).toBe(t('list.total'));
    expect(columns.business_date).toBe(t('details.businessDate'));
    expect(columns.staff).toBe(t('details.staff'));
    const rm = (label: string) => `${label} (RM)`;
    expect(columns.subtotal).toBe(rm(t('details.subtotal')));
    expect(columns.discount).toBe(rm(t('details.discount')));
    expect(columns.service_charge).toBe(rm(t('details.serviceCharge')));
    expect(columns.service_tax).toBe(rm(t('details.sst')));
    expect(columns.delivery_fee).toBe(rm(t('details.deliveryFee')));
    expect(columns.rounding).toBe(rm(t('details.rounding')));
    expect(columns.paid).toBe(rm(t('details.paid')));
    expect(columns.refunded).toBe(rm(t('details.refunded')));
    expect(columns.serving_method).toBe(t('list.filterServing'));
    expect(columns.payment_methods).toBe(t('list.filterPayment'));
  });

  it('name via, statuses, payment and serving methods as the screens do', () => {
    expect(labels.via.POS).toBe(t('via.POS'));
    expect(labels.via.MOBILE).toBe(t('via.MOBILE'));
    for (const s of orderStatuses) expect(labels.statuses[s], s).toBe(recordStatus[s]);
    for (const m of paymentMethods) expect(labels.paymentMethods[m]).toBe(receipt(`payment.${m}`));
    for (const m of servingMethods) expect(labels.servingMethods[m]).toBe(receipt(`serving.${m}`));
  });
});
