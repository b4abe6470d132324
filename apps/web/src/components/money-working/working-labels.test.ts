import { describe, expect, it } from 'vitest';
import { locales, moneyCountsAs, paymentMethods, workingFileLabels } from '@kopi/contract';
import { i18n } from '../../lib/i18n/i18n';
import type { useReceiptStrings } from '../receipt/i18n';
import '../receipt/i18n';
import type { useWorkingStrings } from './i18n';
import './i18n';

// The working's CSV (server) writes the words of workingFileLabels; the working dialog shows its
// own i18n strings. They must be the same words, or the file would not read like the screen.

type WorkingT = ReturnType<typeof useWorkingStrings>['t'];
type ReceiptT = ReturnType<typeof useReceiptStrings>['t'];
// Feature namespaces are added at run time: the typed getFixedT knows only the shell's.
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => unknown;

describe.each(locales)('working labels (%s)', (locale) => {
  const t = fixedT(locale, 'moneyWorking') as WorkingT;
  const receipt = fixedT(locale, 'receipt') as ReceiptT;
  const file = workingFileLabels[locale];

  it('name the columns, records and what each row counts as as the file does', () => {
    expect([
      t('columns.record'),
      t('columns.number'),
      t('columns.orderDate'),
      t('columns.countsOn'),
      t('columns.method'),
      t('columns.countsAs'),
      t('columns.amount'),
    ]).toEqual([
      file.columns.record,
      file.columns.number,
      file.columns.order_date,
      file.columns.counts_on,
      file.columns.method,
      file.columns.counts_as,
      file.columns.amount,
    ]);
    for (const r of ['order', 'payment', 'refund', 'movement'] as const) {
      expect(t(`records.${r}`), r).toBe(file.records[r]);
    }
    for (const c of moneyCountsAs) expect(t(`countsAs.${c}`), c).toBe(file.countsAs[c]);
    for (const k of ['cash_in', 'cash_out'] as const) {
      expect(t(`movements.${k}`), k).toBe(file.movements[k]);
    }
  });

  it('name the methods as the file does', () => {
    for (const m of paymentMethods) expect(receipt(`payment.${m}`), m).toBe(file.methods[m]);
    expect(t('bankTransfer')).toBe(file.methods.bank_transfer);
  });
});
