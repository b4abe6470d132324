import type { ReactNode } from 'react';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from '../lib/i18n/use-translation';

/** A load that failed: the error `children` with a Retry button (`retryLabel`, else "Retry"). */
export function RetryAlert({
  onRetry,
  retryLabel,
  children,
  ...props
}: Omit<AlertProps, 'severity' | 'action'> & {
  onRetry: () => void;
  retryLabel?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      {...props}
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
