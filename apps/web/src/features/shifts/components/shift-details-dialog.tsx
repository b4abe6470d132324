import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useShift } from '../../../components/shifts/api';
import { useShiftStrings } from '../../../components/shifts/i18n';
import { ShiftReport, ShiftReportFrame } from '../../../components/shifts/shift-report';

/**
 * A shift's details: its 80 mm report, printable. Opened from the list (`/shift/list?id=…`, a
 * link that can be shared) rather than a page of its own: every route is an entry in the table
 * the sign-in page downloads.
 */
export function ShiftDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useShiftStrings();
  const shift = useShift(id);
  return (
    <ShiftReportFrame
      name="shift-details"
      open={id !== null}
      label={t('list.details')}
      printable={Boolean(shift.data)}
      onClose={onClose}
    >
      {shift.isPending && <Skeleton variant="rectangular" width={272} height={480} />}
      {shift.isError && (
        <Alert severity="error">
          {shift.error instanceof Error ? shift.error.message : t('list.empty')}
        </Alert>
      )}
      {shift.data && <ShiftReport shift={shift.data} />}
    </ShiftReportFrame>
  );
}
