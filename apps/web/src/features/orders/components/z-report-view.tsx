import { netAfterRefunds, type ZReport } from '@kopi/contract';
import { useFigureLines } from '../../../components/money-working/use-figure-lines';
import { WorkingDialog } from '../../../components/money-working/working-dialog';
import { PrintSheet } from '../../../components/receipt/print-sheet';
import {
  PaperCentre,
  PaperLine,
  PaperRule,
  receiptAmount,
} from '../../../components/receipt/receipt-parts';
import { formatBusinessDate, formatDateTime } from '../../../lib/formatters';
import { exportDayWorking, useDayWorking } from '../api';
import { useOrderStrings } from '../i18n';
import { useZReportFigures } from './z-report-figures';
import { useTillName } from '../../../lib/till-name';

/**
 * A kept Z-report on 80 mm paper (prints alone, like the receipt), figures as decision 049 defines
 * them: the day's sales, their payments by method, the refunds of sales booked on the day and net
 * after refunds; the voids (paid orders later rejected) apart; then the drawer: cash taken (voids'
 * too), cash refunds (sales' and voids') and what the drawers should hold. On screen each figure
 * opens to the rows of the day's working it is summed from.
 */
export function ZReportView({ report }: { report: ZReport }) {
  const { t } = useOrderStrings();
  const tillName = useTillName();
  const f = useZReportFigures();
  const { open, close, line } = useFigureLines('z-report');
  const working = useDayWorking(report.outlet_id, report.business_date, open !== null);
  const date = formatBusinessDate(report.business_date);
  return (
    <>
      <PrintSheet
        label={t('zReport.label', { outlet: report.outlet_name, date })}
        testId="z-report"
      >
        <PaperCentre strong>{t('zReport.heading')}</PaperCentre>
        <PaperCentre>{report.outlet_name}</PaperCentre>
        <PaperRule />
        <PaperLine label={t('zReport.businessDate')} value={date} />
        <PaperLine label={t('zReport.closedAt')} value={formatDateTime(report.closed_at)} />
        {report.closed_by && <PaperLine label={t('zReport.closedBy')} value={report.closed_by} />}
        <PaperRule />
        {line(f.orders, report.orders, 0)}
        {line(f.rejected, report.rejected, 0)}
        <PaperRule />
        {line(f.subtotal, 0, report.subtotal)}
        {line(f.discount, 0, -report.discount)}
        {line(f.serviceCharge, 0, report.service_charge)}
        {line(f.sst, 0, report.service_tax)}
        {line(f.deliveryFees, 0, report.delivery_fees)}
        {line(f.rounding, 0, report.rounding)}
        <PaperRule />
        {line(f.total, 0, report.total, { strong: true })}
        <PaperRule />
        <PaperCentre>{t('zReport.byMethod')}</PaperCentre>
        {report.by_payment_method.length === 0 && (
          <PaperCentre>{t('zReport.noPayments')}</PaperCentre>
        )}
        {report.by_payment_method.map((m) => line(f.byMethod(m.method), m.count, m.amount))}
        <PaperRule />
        <PaperCentre>{t('zReport.refundsByMethod')}</PaperCentre>
        {report.refunds_by_method.length === 0 && (
          <PaperCentre>{t('zReport.noRefunds')}</PaperCentre>
        )}
        {report.refunds_by_method.map((m) => line(f.refundMethod(m.method), m.count, -m.amount))}
        {line(f.refunds, 0, -report.refunds)}
        {line(
          f.netAfterRefunds,
          0,
          netAfterRefunds({ net: report.total, refunds: report.refunds }),
          { strong: true },
        )}
        <PaperRule />
        {line(f.voids, report.voided, report.voided_paid)}
        {line(f.voidRefunds, 0, -report.void_refunds)}
        <PaperCentre>{t('zReport.voidsHint')}</PaperCentre>
        <PaperRule />
        {line(f.cashTaken, 0, report.cash_taken)}
        {line(f.cashRefunds, 0, -report.cash_refunds)}
        {line(f.expectedCash, 0, report.expected_cash, { strong: true })}
        <PaperCentre>{t('zReport.expectedCashHint')}</PaperCentre>
        <PaperRule />
        <PaperCentre strong>{t('zReport.shifts')}</PaperCentre>
        {report.shifts.length === 0 && <PaperCentre>{t('zReport.noShifts')}</PaperCentre>}
        {report.shifts.map((s) => (
          <PaperLine
            key={s.id}
            label={t('zReport.shiftLine', {
              till: tillName(s.till_name),
              cashier: s.cashier_name ?? '—',
            })}
            value={
              s.variance === null
                ? t('zReport.shiftOpen')
                : t('zReport.shiftVariance', { amount: receiptAmount(s.variance) })
            }
            testId="z-report-shift"
          />
        ))}
      </PrintSheet>
      <WorkingDialog
        figure={open}
        working={working}
        onClose={close}
        onExport={() => exportDayWorking(report.outlet_id, report.business_date)}
      />
    </>
  );
}
