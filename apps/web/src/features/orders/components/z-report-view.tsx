import { netAfterRefunds, type PaymentMethod, type ZReport } from '@kopi/contract';
import { PrintSheet } from '../../../components/receipt/print-sheet';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import {
  PaperCentre,
  PaperLine,
  PaperRule,
  receiptAmount,
} from '../../../components/receipt/receipt-parts';
import { formatDateTime } from '../../../lib/formatters';
import { formatBusinessDate } from '../format';
import { useOrderStrings } from '../i18n';

/**
 * A kept Z-report on 80 mm paper (prints alone, like the receipt). Refunds listed are those that
 * completed on the day, of its orders or earlier ones; the cash ones left the drawer, so the
 * takings are shown, then the cash refunds, then what the drawer should hold.
 */
export function ZReportView({ report }: { report: ZReport }) {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  const date = formatBusinessDate(report.business_date);
  const cashRefunds = report.refunds_by_method.find((m) => m.method === 'cash')?.amount ?? 0;
  // The report keeps what the drawer should hold after the cash refunds: the takings before them
  // are the two together.
  const cashTakings = report.expected_cash + cashRefunds;
  return (
    <PrintSheet label={t('zReport.label', { outlet: report.outlet_name, date })} testId="z-report">
      <PaperCentre strong>{t('zReport.heading')}</PaperCentre>
      <PaperCentre>{report.outlet_name}</PaperCentre>
      <PaperRule />
      <PaperLine label={t('zReport.businessDate')} value={date} />
      <PaperLine label={t('zReport.closedAt')} value={formatDateTime(report.closed_at)} />
      {report.closed_by && <PaperLine label={t('zReport.closedBy')} value={report.closed_by} />}
      <PaperRule />
      <PaperLine label={t('zReport.orders')} value={report.orders} />
      <PaperLine label={t('zReport.rejected')} value={report.rejected} />
      <PaperRule />
      <PaperLine label={t('zReport.subtotal')} value={receiptAmount(report.subtotal)} />
      <PaperLine label={t('zReport.discount')} value={receiptAmount(-report.discount)} />
      <PaperLine label={t('zReport.serviceCharge')} value={receiptAmount(report.service_charge)} />
      <PaperLine label={t('zReport.sst')} value={receiptAmount(report.service_tax)} />
      <PaperLine label={t('zReport.deliveryFees')} value={receiptAmount(report.delivery_fees)} />
      <PaperLine label={t('zReport.rounding')} value={receiptAmount(report.rounding)} />
      <PaperRule />
      <PaperLine
        label={t('zReport.total')}
        value={`RM ${receiptAmount(report.total)}`}
        strong
        testId="z-report-total"
      />
      <PaperRule />
      <PaperCentre>{t('zReport.byMethod')}</PaperCentre>
      {report.by_payment_method.length === 0 && (
        <PaperCentre>{t('zReport.noPayments')}</PaperCentre>
      )}
      {report.by_payment_method.map((m) => (
        <PaperLine
          key={m.method}
          label={t('zReport.methodCount', { method: tr(`payment.${m.method}`), count: m.count })}
          value={receiptAmount(m.amount)}
          testId={`z-report-method-${m.method}`}
        />
      ))}
      <PaperRule />
      <PaperCentre>{t('zReport.refundsByMethod')}</PaperCentre>
      {report.refunds_by_method.length === 0 && <PaperCentre>{t('zReport.noRefunds')}</PaperCentre>}
      {report.refunds_by_method.map((m) => (
        <PaperLine
          key={m.method}
          label={t('zReport.methodCount', {
            method:
              m.method === 'bank_transfer'
                ? t('zReport.bankTransfer')
                : tr(`payment.${m.method as PaymentMethod}`),
            count: m.count,
          })}
          value={receiptAmount(-m.amount)}
          testId={`z-report-refund-${m.method}`}
        />
      ))}
      <PaperLine
        label={t('zReport.refunds')}
        value={receiptAmount(-report.refunds)}
        testId="z-report-refunds"
      />
      <PaperLine
        label={t('zReport.netAfterRefunds')}
        value={`RM ${receiptAmount(netAfterRefunds({ net: report.total, refunds: report.refunds }))}`}
        strong
        testId="z-report-net-after-refunds"
      />
      <PaperRule />
      <PaperLine
        label={t('zReport.cashTakings')}
        value={receiptAmount(cashTakings)}
        testId="z-report-cash-takings"
      />
      <PaperLine
        label={t('zReport.cashRefunds')}
        value={receiptAmount(-cashRefunds)}
        testId="z-report-cash-refunds"
      />
      <PaperLine
        label={t('zReport.expectedCash')}
        value={`RM ${receiptAmount(report.expected_cash)}`}
        strong
        testId="z-report-expected-cash"
      />
      <PaperCentre>{t('zReport.expectedCashHint')}</PaperCentre>
      <PaperRule />
      <PaperCentre strong>{t('zReport.shifts')}</PaperCentre>
      {report.shifts.length === 0 && <PaperCentre>{t('zReport.noShifts')}</PaperCentre>}
      {report.shifts.map((s) => (
        <PaperLine
          key={s.id}
          label={t('zReport.shiftLine', { till: s.till_name, cashier: s.cashier_name ?? '—' })}
          value={
            s.variance === null
              ? t('zReport.shiftOpen')
              : t('zReport.shiftVariance', { amount: receiptAmount(s.variance) })
          }
          testId="z-report-shift"
        />
      ))}
    </PrintSheet>
  );
}
