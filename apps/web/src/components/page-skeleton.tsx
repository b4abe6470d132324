import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../lib/i18n/use-translation';
import { PageLoader } from './page-loader';

/** A page's shape while its code loads: a title, a line under it, a card of rows. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <>
      <PageLoader />
      <Stack
        spacing={3}
        data-testid="page-skeleton"
        aria-busy="true"
        aria-label={t('common.loading')}
      >
        <Stack spacing={1}>
          <Skeleton variant="text" width="35%" height={40} />
          <Skeleton variant="text" width="55%" />
        </Stack>
        <Card sx={{ p: 3 }}>
          <Stack spacing={1.5}>
            <Skeleton variant="rounded" height={40} />
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} variant="text" height={28} />
            ))}
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
