import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { printSheet } from '../../../components/receipt/print-sheet';
import { useShift } from '../../../components/shifts/api';
import { useShiftStrings } from '../../../components/shifts/i18n';
import { ShiftReport } from '../../../components/shifts/shift-report';

/** /shift/details/:id (read shift): the shift's 80 mm report, printable. */
export function ShiftDetailsPage() {
  const { id } = useParams();
  const { t } = useShiftStrings();
  const shift = useShift(id ?? null);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('list.details')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/shift/list" startIcon={<ArrowBack />}>
              {t('list.back')}
            </Button>
            <Button
              variant="contained"
              onClick={printSheet}
              disabled={!shift.data}
              data-testid="shift-details-print"
            >
              {t('report.print')}
            </Button>
          </Stack>
        }
      />
      <Card>
        <CardContent>
          {shift.isPending && <Skeleton variant="rectangular" height={480} />}
          {shift.isError && (
            <RetryAlert onRetry={() => void shift.refetch()}>
              {shift.error instanceof Error ? shift.error.message : ''}
            </RetryAlert>
          )}
          {shift.data && <ShiftReport shift={shift.data} />}
        </CardContent>
      </Card>
    </Stack>
  );
}
