import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import { printSheet } from '../../../components/receipt/print-sheet';
import { useShift } from '../../../components/shifts/api';
import { useShiftStrings } from '../../../components/shifts/i18n';
import { ShiftReport } from '../../../components/shifts/shift-report';

/**
 * A shift's details: its 80 mm report, printable. Opened from the list (`/shift/list?id=…`, a
 * link that can be shared) rather than a page of its own: every route is an entry in the table
 * the sign-in page downloads.
 */
export function ShiftDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useShiftStrings();
  const shift = useShift(id);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-label={t('list.details')}
      data-testid="shift-details-dialog"
    >
      <DialogContent>
        {shift.isPending && <Skeleton variant="rectangular" width={272} height={480} />}
        {shift.isError && (
          <Alert severity="error">
            {shift.error instanceof Error ? shift.error.message : t('list.empty')}
          </Alert>
        )}
        {shift.data && <ShiftReport shift={shift.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('report.close')}
        </Button>
        <Button
          variant="contained"
          onClick={printSheet}
          disabled={!shift.data}
          sx={{ minHeight: 48 }}
          data-testid="shift-details-print"
        >
          {t('report.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
