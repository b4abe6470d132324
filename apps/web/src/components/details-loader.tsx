import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { HttpError } from '../lib/http/http-client';
import { NotFoundCard } from './not-found-card';
import { RetryAlert } from './retry-alert';

/** The words a details page needs while its record loads, under its feature's `details.` keys. */
type DetailsKey = `details.${'notFoundTitle' | 'notFoundText' | 'back' | 'loadError'}`;

/**
 * A details page's record as it loads: a skeleton, then the record (`children`), a not-found card
 * leading back to `listPath` (test id `<name>-not-found`), or a retry.
 */
export function DetailsLoader<T>({
  query,
  name,
  listPath,
  t,
  children,
}: {
  query: { data?: T | undefined; error: unknown; refetch: () => unknown };
  name: string;
  listPath: string;
  t: (key: DetailsKey) => string;
  children: (record: T) => ReactNode;
}) {
  if (query.error) {
    const status = query.error instanceof HttpError ? query.error.status : 0;
    // A malformed id (400) is as missing as an unknown one.
    if (status === 404 || status === 400)
      return (
        <NotFoundCard
          title={t('details.notFoundTitle')}
          text={t('details.notFoundText')}
          backTo={listPath}
          backLabel={t('details.back')}
          testId={`${name}-not-found`}
        />
      );
    return <RetryAlert onRetry={() => void query.refetch()}>{t('details.loadError')}</RetryAlert>;
  }
  if (!query.data) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return children(query.data);
}
