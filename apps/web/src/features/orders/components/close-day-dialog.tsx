import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import type { ZReport } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { StatusLabel } from '../../../components/status-label';
import { HttpError } from '../../../lib/http/http-client';
import { formatBusinessDate, formatDateTime } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { closeDay, dayOpenShifts, type DayOpenShift, openOrderIds } from '../api';
import { useOrderStrings } from '../i18n';
import type { OutletChoice } from '../../../lib/outlet-scope';
import { PaperDialog } from './paper-dialog';
import { DayFields, useDayChoice } from './day-fields';
import { ZReportView } from './z-report-view';
import { errorText } from '../../../lib/form-errors';
import { useTillName } from '../../../lib/till-name';

interface OpenOrder {
  number: string;
  status: string;
  id?: string;
}

type Outcome =
  | { kind: 'refused'; open: OpenOrder[] }
  | { kind: 'shifts'; shifts: DayOpenShift[] }
  | { kind: 'failed'; message: string }
  | { kind: 'closed'; report: ZReport }
  | null;

/**
 * "Close day": the outlet and business date, then either the Z-report the close kept or, when
 * orders are still open (409 orders_still_open), those orders with links to their details; when
 * the day's shifts are still open (409 shifts_still_open), those tills and their cashiers. The
 * day's open shifts show before the close is tried, so the manager knows who to ask first.
 */
export function CloseDayDialog({
  open,
  onClose,
  outlets,
  choosable,
  onClosed,
}: {
  open: boolean;
  onClose: () => void;
  outlets: OutletChoice[];
  choosable: boolean;
  /** After a close: the list refreshes (completed orders are now closed). */
  onClosed: () => unknown;
}) {
  const { t } = useOrderStrings();
  const day = useDayChoice(outlets);
  const tillName = useTillName();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const openShifts = useQuery({
    queryKey: ['close-day', 'open-shifts', day.outletId, day.date],
    queryFn: () => dayOpenShifts(day.outletId!, day.date!),
    enabled: open && Boolean(day.outletId && day.date),
    staleTime: 0,
  });
  const shiftLine = (s: DayOpenShift) =>
    s.at
      ? t('closeDay.openShiftAt', {
          till: tillName(s.till),
          cashier: s.cashier,
          time: formatDateTime(s.at).slice(11, 16),
        })
      : t('closeDay.openShift', { till: tillName(s.till), cashier: s.cashier });
  const shiftItems = (shifts: DayOpenShift[], testId: string) =>
    shifts.map((s) => (
      <ListItem key={s.till} disableGutters data-testid={testId}>
        {shiftLine(s)}
      </ListItem>
    ));
  const openBefore = outcome ? [] : (openShifts.data ?? []);

  const close = () => {
    if (busy) return;
    onClose();
    setOutcome(null);
    day.reset();
  };

  const submit = async () => {
    if (!day.outletId || !day.date) return;
    setBusy(true);
    setOutcome(null);
    try {
      const report = await closeDay(day.outletId, day.date);
      setOutcome({ kind: 'closed', report });
      toast.success(
        t('closeDay.done', {
          outlet: report.outlet_name,
          date: formatBusinessDate(report.business_date),
        }),
      );
      // The list refreshes behind the report: the dialog can be closed at once.
      void openShifts.refetch();
      void onClosed();
    } catch (error) {
      if (error instanceof HttpError && error.codeMessage === 'orders_still_open') {
        const listed = (error.body?.details ?? []).map((d) => ({
          number: d.path,
          status: d.message,
        }));
        // The refusal names orders by number; their ids come from the day's open orders.
        const ids = await openOrderIds(day.outletId, day.date).catch(() => new Map());
        setOutcome({
          kind: 'refused',
          open: listed.map((o) => ({ ...o, id: ids.get(o.number) as string | undefined })),
        });
      } else if (error instanceof HttpError && error.codeMessage === 'shifts_still_open') {
        setOutcome({
          kind: 'shifts',
          shifts: (error.body?.details ?? []).map((d) => ({
            till: d.path,
            cashier: d.message,
            at: d.at ?? null,
          })),
        });
      } else {
        setOutcome({
          kind: 'failed',
          message: errorText(error),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const closed = outcome?.kind === 'closed' ? outcome.report : null;

  return (
    <PaperDialog
      open={open}
      onClose={close}
      titleId="close-day-title"
      testId="close-day-dialog"
      title={t('closeDay.title')}
      fullWidth
      closeLabel={t('day.close')}
      closeDisabled={busy}
      printLabel={t('day.print')}
      printable={closed !== null}
      action={
        <Button
          variant="contained"
          color="warning"
          onClick={() => void submit()}
          loading={busy}
          disabled={!day.outletId || !day.date || outlets.length === 0}
          data-testid="close-day-submit"
        >
          {t('closeDay.submit')}
        </Button>
      }
    >
      {closed ? (
        <ZReportView report={closed} />
      ) : (
        <Stack spacing={2}>
          <DialogContentText>{t('closeDay.text')}</DialogContentText>
          {outlets.length === 0 ? (
            <Alert severity="warning">{t('day.noOutlets')}</Alert>
          ) : (
            <DayFields
              outlets={outlets}
              choosable={choosable}
              outletId={day.outletId}
              date={day.date}
              onOutletChange={(id) => {
                day.setOutletId(id);
                setOutcome(null);
              }}
              onDateChange={(date) => {
                day.setDate(date);
                setOutcome(null);
              }}
              disabled={busy}
              testIdPrefix="close-day"
            />
          )}
          {outcome?.kind === 'failed' && (
            <Alert severity="error" data-testid="close-day-error">
              {outcome.message}
            </Alert>
          )}
          {openBefore.length > 0 && (
            <ListAlert
              severity="info"
              testId="close-day-shifts-before"
              title={t('closeDay.shiftsOpenBefore', { count: openBefore.length })}
              text={t('closeDay.shiftsOpenBeforeText')}
            >
              {shiftItems(openBefore, 'close-day-shift-before')}
            </ListAlert>
          )}
          {outcome?.kind === 'shifts' && (
            <ListAlert
              severity="warning"
              testId="close-day-open-shifts"
              title={t('closeDay.shiftsOpen', { count: outcome.shifts.length })}
              text={t('closeDay.shiftsOpenText')}
            >
              {shiftItems(outcome.shifts, 'close-day-open-shift')}
            </ListAlert>
          )}
          {outcome?.kind === 'refused' && (
            <ListAlert
              severity="warning"
              testId="close-day-open-orders"
              title={t('closeDay.refused', { count: outcome.open.length })}
              text={t('closeDay.refusedText')}
            >
              {outcome.open.map((o) => (
                <ListItem key={o.number} disableGutters sx={{ gap: 1 }}>
                  <Link
                    component={RouterLink}
                    to={
                      o.id
                        ? `/order/details/${o.id}`
                        : `/order/list?q=${encodeURIComponent(o.number)}`
                    }
                    aria-label={t('closeDay.openOrder', { number: o.number })}
                    data-testid="close-day-open-order"
                    onClick={close}
                  >
                    {o.number}
                  </Link>
                  <StatusLabel status={o.status} />
                </ListItem>
              ))}
            </ListAlert>
          )}
        </Stack>
      )}
    </PaperDialog>
  );
}

/** What holds the day: a title, what it means, then the tills or orders in question. */
function ListAlert({
  severity,
  testId,
  title,
  text,
  children,
}: {
  severity: 'info' | 'warning';
  testId: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Alert severity={severity} data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      {text}
      <List dense disablePadding sx={{ mt: 1 }}>
        {children}
      </List>
    </Alert>
  );
}
