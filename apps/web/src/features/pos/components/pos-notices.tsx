import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { PosContext } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import type { OutletSaleState } from '../outlet-state';

/** A spinner filling its place while the outlets or the menu load. */
export function PosSpinner({ fullPage }: { fullPage?: boolean }) {
  const { t } = usePosStrings();
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        ...(fullPage ? { minHeight: '100vh' } : { flex: 1 }),
      }}
    >
      <CircularProgress aria-label={t('problems.loading')} />
    </Box>
  );
}

/** No outlet to sell for (none assigned, or the list failed): retry, or go back to the dashboard. */
export function PosNoOutlet({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = usePosStrings();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Alert
        severity={failed ? 'error' : 'info'}
        action={
          failed ? (
            <Button color="inherit" onClick={onRetry}>
              {t('bar.retry')}
            </Button>
          ) : undefined
        }
      >
        {failed ? t('bar.loadFailed') : t('bar.noOutlets')}
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to="/dashboard" variant="outlined" size="small">
            {t('bar.dashboard')}
          </Button>
        </Box>
      </Alert>
    </Box>
  );
}

/** Under the top bar: why the outlet is not selling (or only with a confirmation), and load errors. */
export function PosBanners({
  saleState,
  context,
  loadFailed,
  onRetry,
}: {
  saleState: OutletSaleState | null;
  context: PosContext | undefined;
  loadFailed: boolean;
  onRetry: () => void;
}) {
  const { t } = usePosStrings();
  const businessDate = context ? formatDate(`${context.outlet.business_date}T12:00:00Z`) : '';
  const banner =
    saleState === 'dayClosed'
      ? { severity: 'error' as const, text: t('state.dayClosedHint', { date: businessDate }) }
      : saleState === 'paused' || saleState === 'disabled'
        ? { severity: 'error' as const, text: t('state.pausedHint') }
        : saleState === 'closedNow' || saleState === 'lastOrders'
          ? { severity: 'warning' as const, text: t('state.closedHint') }
          : null;
  return (
    <>
      {banner && (
        <Alert
          severity={banner.severity}
          sx={{ borderRadius: 0, py: 0 }}
          data-testid="pos-outlet-banner"
        >
          {banner.text}
        </Alert>
      )}
      {loadFailed && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0, py: 0 }}
          action={
            <Button color="inherit" onClick={onRetry}>
              {t('bar.retry')}
            </Button>
          }
        >
          {t('bar.loadFailed')}
        </Alert>
      )}
    </>
  );
}
