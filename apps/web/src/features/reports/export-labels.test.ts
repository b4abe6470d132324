import { describe, expect, it } from 'vitest';
import {
  locales,
  orderSources,
  paymentMethods,
  reportFileColumns,
  reportFileLabels,
  servingMethods,
  type ReportFileColumn,
} from '@kopi/contract';
import '../../components/receipt/i18n';
import { i18n } from '../../lib/i18n/i18n';
import {
  columnHeader,
  reportColumnIds,
  type ReportColumnId,
} from './components/report-column-header';
import type { useReceiptStrings } from '../../components/receipt/i18n';
import type { useReportStrings } from './i18n';
import './i18n';

// The export (server) writes the words of reportFileLabels; the table shows its own i18n strings.
// They must be the same words, or the file would not read like the screen it came from.

type ReportT = ReturnType<typeof useReportStrings>['t'];
type ReceiptT = ReturnType<typeof useReceiptStrings>['t'];
// Feature namespaces are added at run time: the typed getFixedT knows only the shell's.
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => unknown;
const isFileColumn = (id: ReportColumnId): id is ReportColumnId & ReportFileColumn =>
  (reportFileColumns as readonly string[]).includes(id);

describe.each(locales)('report export labels (%s)', (locale) => {
  const t = fixedT(locale, 'reports') as ReportT;
  const receipt = fixedT(locale, 'receipt') as ReceiptT;
  const labels = reportFileLabels[locale];

  it('name every column the table shows as the table does', () => {
    const shared = reportColumnIds.filter(isFileColumn);
    expect(shared.length).toBeGreaterThan(20);
    for (const id of shared) expect(columnHeader(t, id), id).toBe(labels.columns[id]);
  });

  it('name payment methods, serving methods, sources and the total as the table does', () => {
    for (const m of paymentMethods) {
      expect(labels.paymentMethods[m]).toBe(receipt(`payment.${m}`));
      expect(labels.refundMethods[m]).toBe(receipt(`payment.${m}`));
    }
    expect(labels.refundMethods.bank_transfer).toBe(t('refunds.bankTransfer'));
    for (const m of servingMethods) expect(labels.servingMethods[m]).toBe(receipt(`serving.${m}`));
    for (const s of orderSources) expect(labels.sources[s]).toBe(t(`source.${s}`));
    expect(labels.total).toBe(t('table.total'));
  });

  it("name the wallet sheet's figures and headers as the wallet section does", () => {
    const { wallet } = labels;
    for (const [key, label] of Object.entries(wallet.figures)) {
      expect(label, key).toBe(t(`wallet.figures.${key as keyof typeof wallet.figures}`));
    }
    expect([wallet.figure, wallet.current, wallet.previous]).toEqual([
      t('wallet.figure'),
      t('wallet.current'),
      t('wallet.previous'),
    ]);
  });
});
