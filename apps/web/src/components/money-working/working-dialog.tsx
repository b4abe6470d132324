import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { MoneyWorking } from '@kopi/contract';
import { EmptyState } from '../empty-state';
import { RetryAlert } from '../retry-alert';
import { useWorkingStrings } from './i18n';
import { sumOf, type WorkingFigure } from './working-rows';
import { WorkingTable } from './working-table';

/** The working's query as the dialog needs it (a TanStack Query result fits). */
export interface WorkingQuery {
  data: MoneyWorking | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * "The working" of one figure: the rows it is summed from and their sum, shown the way the report
 * shows the figure; Export downloads every row of the report's working as CSV.
 */
export function WorkingDialog({
  figure,
  working,
  onClose,
  onExport,
}: {
  /** The figure opened; null closes the dialog. */
  figure: WorkingFigure | null;
  working: WorkingQuery;
  onClose: () => void;
  onExport: () => Promise<unknown>;
}) {
  const { t } = useWorkingStrings();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [exporting, setExporting] = useState(false);
  // The last figure stays on screen while the dialog closes.
  const [shown, setShown] = useState(figure);
  if (figure && figure !== shown) setShown(figure);

  const rows = shown && working.data ? shown.rows(working.data) : null;
  const sum = rows && shown ? shown.show(rows.length, sumOf(rows)) : null;
  const title = shown?.title ?? '';

  return (
    <Dialog
      open={figure !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="working-title"
      aria-describedby="working-intro"
      data-testid="working-dialog"
      data-figure={shown?.id}
    >
      <DialogTitle id="working-title">{t('title', { figure: title })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="working-intro" sx={{ mb: 2 }}>
          {t('intro')}
        </DialogContentText>
        {working.isError ? (
          <RetryAlert onRetry={() => void working.refetch()} retryLabel={t('retry')}>
            {t('loadError')}
          </RetryAlert>
        ) : !rows || !sum ? (
          <Skeleton variant="rounded" height={160} data-testid="working-loading" />
        ) : rows.length === 0 ? (
          <EmptyState message={t('empty')} testId="working-empty" paddingY={3} />
        ) : (
          <WorkingTable rows={rows} label={t('table', { figure: title })} sum={sum} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('close')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={exporting}
          onClick={() => {
            setExporting(true);
            void onExport()
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
          sx={{ minHeight: 44 }}
          data-testid="working-export"
        >
          {t('export')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
