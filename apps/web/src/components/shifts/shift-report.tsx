import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { Shift } from '@kopi/contract';
import { formatDateTime } from '../../lib/formatters';
import { useReceiptStrings } from '../receipt/i18n';
import { PrintSheet, printSheet } from '../receipt/print-sheet';
import {
  PaperCentre,
  PaperLine,
  PaperRule,
  PaperText,
  receiptAmount,
} from '../receipt/receipt-parts';
import { useShiftStrings } from './i18n';

/**
 * The 80 mm shift report: who, which till and when; sales by method, refunds, discounts, voids;
 * the cash movements; and the drawer: float, cash sales, cash refunds, in, out, expected,
 * counted and variance. An open shift prints what it has so far.
 */
export function ShiftReport({ shift }: { shift: Shift }) {
  const { t } = useShiftStrings();
  const receipt = useReceiptStrings();
  const method = (m: string) =>
    m === 'bank_transfer' ? t('report.bankTransfer') : receipt.t(`payment.${m}` as never);
  const f = shift.figures;
  return (
    <PrintSheet label={t('report.label', { till: shift.till_name })} testId="shift-report">
      <PaperCentre strong>{t('report.title')}</PaperCentre>
      <PaperLine label={t('report.outlet')} value={shift.outlet_name} />
      <PaperLine label={t('report.till')} value={shift.till_name} />
      <PaperLine label={t('report.cashier')} value={shift.cashier_name ?? '—'} />
      <PaperLine label={t('report.opened')} value={formatDateTime(shift.opened_at)} />
      <PaperLine
        label={t('report.closed')}
        value={shift.closed_at ? formatDateTime(shift.closed_at) : t('report.stillOpen')}
      />
      <PaperRule />
      <PaperLine label={t('report.orders')} value={String(shift.orders)} />
      <PaperLine label={t('report.salesTotal')} value={receiptAmount(shift.sales_total)} strong />
      <PaperText>{t('report.salesByMethod')}</PaperText>
      {shift.sales_by_method.length === 0 && <PaperText indent>{t('report.none')}</PaperText>}
      {shift.sales_by_method.map((m) => (
        <PaperLine
          key={m.method}
          indent
          label={`${method(m.method)} (${m.count})`}
          value={receiptAmount(m.amount)}
        />
      ))}
      <PaperLine label={t('report.discounts')} value={receiptAmount(shift.discounts)} />
      <PaperLine
        label={t('report.voids', { count: shift.voids.count })}
        value={receiptAmount(shift.voids.amount)}
      />
      <PaperLine label={t('report.refunds')} value={receiptAmount(shift.refunds)} />
      {shift.refunds_by_method.map((m) => (
        <PaperLine
          key={m.method}
          indent
          label={`${method(m.method)} (${m.count})`}
          value={receiptAmount(m.amount)}
        />
      ))}
      <PaperRule />
      <PaperText>{t('report.movements')}</PaperText>
      {shift.movements.length === 0 && <PaperText indent>{t('report.none')}</PaperText>}
      {shift.movements.map((m) => (
        <PaperLine
          key={m.id}
          indent
          label={`${m.kind === 'cash_in' ? t('report.cashIn') : t('report.cashOut')} · ${
            m.note ?? m.reason
          }`}
          value={receiptAmount(m.kind === 'cash_in' ? m.amount : -m.amount)}
        />
      ))}
      <PaperRule />
      <PaperText>{t('report.drawer')}</PaperText>
      <PaperLine label={t('report.float')} value={receiptAmount(f.opening_float)} />
      <PaperLine label={t('report.cashSales')} value={receiptAmount(f.cash_taken)} />
      <PaperLine label={t('report.cashRefunds')} value={receiptAmount(-f.cash_refunds)} />
      <PaperLine label={t('report.cashIn')} value={receiptAmount(f.cash_in)} />
      <PaperLine label={t('report.cashOut')} value={receiptAmount(-f.cash_out)} />
      <PaperLine
        label={t('report.expected')}
        value={receiptAmount(f.expected)}
        strong
        testId="shift-report-expected"
      />
      {shift.counted !== null && (
        <>
          <PaperLine label={t('report.counted')} value={receiptAmount(shift.counted)} />
          <PaperLine
            label={t('report.variance')}
            value={receiptAmount(shift.variance ?? 0)}
            strong
            testId="shift-report-variance"
          />
        </>
      )}
      {shift.closing_note && (
        <PaperText>{t('report.note', { note: shift.closing_note })}</PaperText>
      )}
      {shift.closed_by_name && (
        <PaperText>{t('report.closedBy', { name: shift.closed_by_name })}</PaperText>
      )}
    </PrintSheet>
  );
}

/** The shift report in a dialog with Print, as the POS shows it after a close. */
export function ShiftReportDialog({
  shift,
  onClose,
}: {
  shift: Shift | null;
  onClose: () => void;
}) {
  const { t } = useShiftStrings();
  return (
    <Dialog open={shift !== null} onClose={onClose} aria-label={t('report.title')}>
      <DialogContent>{shift && <ShiftReport shift={shift} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }} data-testid="shift-report-close">
          {t('report.close')}
        </Button>
        <Button
          variant="contained"
          onClick={printSheet}
          sx={{ minHeight: 48 }}
          data-testid="shift-report-print"
        >
          {t('report.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
