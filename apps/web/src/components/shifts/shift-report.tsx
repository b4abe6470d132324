import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import type { ShiftView } from '@kopi/contract';
import { formatDateTime } from '../../lib/formatters';
import { useFigureLines } from '../money-working/use-figure-lines';
import { WorkingDialog } from '../money-working/working-dialog';
import { PrintSheet, printSheet } from '../receipt/print-sheet';
import {
  PaperCentre,
  PaperLine,
  PaperRule,
  PaperText,
  receiptAmount,
} from '../receipt/receipt-parts';
import { exportShiftWorking, useShiftWorking } from './api';
import { useShiftStrings } from './i18n';
import { useShiftFigures } from './shift-figures';
import { useTillName } from '../../lib/till-name';

/**
 * The 80 mm shift report: who, which till and when; sales by method, discounts, voids, refunds;
 * the cash movements; and the drawer: float, cash taken (voided orders' too), cash refunds, in,
 * out, expected, counted and variance. An open shift prints what it has so far. On screen each
 * figure opens to the rows of the shift's working it is summed from. With the blind count the
 * server hides an open shift's cash from the cashier (`figures` null): its cash lines print as
 * hidden, and no figure opens (the working is refused too).
 */
export function ShiftReport({ shift }: { shift: ShiftView }) {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const fig = useShiftFigures();
  const f = shift.figures;
  const hidden = f === null;
  const { open, close, line } = useFigureLines('shift-report', !hidden);
  const working = useShiftWorking(shift.id, open !== null);
  return (
    <>
      <PrintSheet
        label={t('report.label', { till: tillName(shift.till_name) })}
        testId="shift-report"
      >
        <PaperCentre strong>{t('report.title')}</PaperCentre>
        <PaperLine label={t('report.outlet')} value={shift.outlet_name} />
        <PaperLine label={t('report.till')} value={tillName(shift.till_name)} />
        <PaperLine label={t('report.cashier')} value={shift.cashier_name ?? '—'} />
        <PaperLine label={t('report.opened')} value={formatDateTime(shift.opened_at)} />
        <PaperLine
          label={t('report.closed')}
          value={shift.closed_at ? formatDateTime(shift.closed_at) : t('report.stillOpen')}
        />
        <PaperRule />
        {line(fig.orders, shift.orders, 0)}
        {shift.sales_total === null ? (
          <PaperLine label={t('report.salesTotal')} value={t('report.hidden')} strong />
        ) : (
          line(fig.sales, 0, shift.sales_total, { strong: true })
        )}
        <PaperText>{t('report.salesByMethod')}</PaperText>
        {shift.sales_by_method.length === 0 && <PaperText indent>{t('report.none')}</PaperText>}
        {shift.sales_by_method.map((m) =>
          line(fig.byMethod(m.method), m.count, m.amount, { indent: true }),
        )}
        {line(fig.discounts, 0, shift.discounts)}
        {line(fig.voids, shift.voids.count, shift.voids.amount)}
        {shift.refunds === null ? (
          <PaperLine label={t('report.refunds')} value={t('report.hidden')} />
        ) : (
          line(fig.refunds, 0, shift.refunds)
        )}
        {shift.refunds_by_method.map((m) =>
          line(fig.refundMethod(m.method), m.count, m.amount, { indent: true }),
        )}
        {shift.topups_by_method.length > 0 && (
          <>
            <PaperText>{t('report.topups')}</PaperText>
            {shift.topups_by_method.map((m) =>
              line(fig.topupMethod(m.method), m.count, m.amount, { indent: true }),
            )}
          </>
        )}
        <PaperRule />
        <PaperText>{t('report.movements')}</PaperText>
        {shift.movements.length === 0 && (
          <PaperText indent>{hidden ? t('report.hidden') : t('report.none')}</PaperText>
        )}
        {shift.movements.map((m) => (
          <PaperLine
            key={m.id}
            indent
            // The reason in words (never its code), then the cashier's note.
            label={[
              m.kind === 'cash_in' ? t('report.cashIn') : t('report.cashOut'),
              t(`movement.reasons.${m.reason}`),
              m.note,
            ]
              .filter(Boolean)
              .join(' · ')}
            value={receiptAmount(m.kind === 'cash_in' ? m.amount : -m.amount)}
          />
        ))}
        {(shift.drawer_openings ?? []).length > 0 && (
          <>
            <PaperText>{t('device.openings')}</PaperText>
            {(shift.drawer_openings ?? []).map((o) => (
              <PaperText key={o.id} indent>
                {[
                  t('device.openingLine', {
                    time: formatDateTime(o.at),
                    reason: t(`device.noSaleReasons.${o.reason}`),
                    name: o.by_name ?? '—',
                  }),
                  o.note,
                  o.approved_by_name ? t('device.approvedBy', { name: o.approved_by_name }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </PaperText>
            ))}
          </>
        )}
        <PaperRule />
        <PaperText>{t('report.drawer')}</PaperText>
        <PaperLine label={t('report.float')} value={receiptAmount(shift.opening_float)} />
        {f === null ? (
          <PaperText>{t('report.cashHidden')}</PaperText>
        ) : (
          <>
            {line(fig.cashTaken, 0, f.cash_taken)}
            {line(fig.cashRefunds, 0, -f.cash_refunds)}
            {line(fig.cashIn, 0, f.cash_in)}
            {line(fig.cashOut, 0, -f.cash_out)}
            {f.cash_topups > 0 && line(fig.cashTopups, 0, f.cash_topups)}
            {line(fig.expected(f.opening_float), 0, f.expected, { strong: true })}
          </>
        )}
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
        {shift.variance_approval && (
          <PaperText>
            {t('close.approvedBy', { name: shift.variance_approval.approved_by_name })}
          </PaperText>
        )}
      </PrintSheet>
      <WorkingDialog
        figure={open}
        working={working}
        onClose={close}
        onExport={() => exportShiftWorking(shift.id)}
      />
    </>
  );
}

/** The shift report in a dialog with Print, as the POS shows it after a close. */
export function ShiftReportDialog({
  shift,
  onClose,
}: {
  shift: ShiftView | null;
  onClose: () => void;
}) {
  const { t } = useShiftStrings();
  return (
    <ShiftReportFrame
      name="shift-report"
      open={shift !== null}
      label={t('report.title')}
      onClose={onClose}
    >
      {shift && <ShiftReport shift={shift} />}
    </ShiftReportFrame>
  );
}

/**
 * A shift's 80 mm report in a dialog with Close and Print (Print waits for the report, while
 * `printable` is false). `name` makes the test ids: `<name>-dialog`, `<name>-close`,
 * `<name>-print`.
 */
export function ShiftReportFrame({
  name,
  open,
  label,
  printable = true,
  onClose,
  children,
}: {
  name: string;
  open: boolean;
  label: string;
  printable?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useShiftStrings();
  return (
    <Dialog open={open} onClose={onClose} aria-label={label} data-testid={`${name}-dialog`}>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }} data-testid={`${name}-close`}>
          {t('report.close')}
        </Button>
        <Button
          variant="contained"
          onClick={printSheet}
          disabled={!printable}
          sx={{ minHeight: 48 }}
          data-testid={`${name}-print`}
        >
          {t('report.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
