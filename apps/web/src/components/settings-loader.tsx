import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { RetryAlert } from './retry-alert';

/**
 * A tenant's settings record as it loads: a skeleton of the form's `height`, then the form
 * (`children`), or `errorText` with a retry.
 */
export function SettingsLoader<T>({
  query,
  errorText,
  height,
  children,
}: {
  query: { data?: T; isError: boolean; refetch: () => unknown };
  errorText: string;
  height: number;
  children: (settings: T) => ReactNode;
}) {
  if (query.isError)
    return <RetryAlert onRetry={() => void query.refetch()}>{errorText}</RetryAlert>;
  if (!query.data) return <Skeleton variant="rounded" height={height} />;
  return children(query.data);
}
