import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WalletLiability } from '@kopi/contract';
import { cardTitle } from '../../../components/card-title';
import { DateRangeFields } from '../../../components/date-field/date-range-fields';
import { EmptyState } from '../../../components/empty-state';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMoney } from '../../../lib/formatters';
import { useWalletLiability, type LiabilityRange } from '../api';
import { useWalletStrings } from '../i18n';
import { fitTable } from '../../../components/data-table/fit-table';

const LiabilityChart = lazy(() =>
  import('./liability-chart').then((m) => ({ default: m.LiabilityChart })),
);

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function DaysTable({ days }: { days: WalletLiability['days'] }) {
  const { t } = useWalletStrings();
  if (days.length === 0) return <EmptyState message={t('liability.empty')} paddingY={3} />;
  // Newest first: the days a reader looks for are the recent ones.
  const rows = [...days].reverse();
  return (
    // It scrolls: keyboard users reach it (tab stop) and hear what it is.
    <TableContainer
      sx={[
        fitTable([
          t('liability.date'),
          t('liability.topups'),
          t('liability.spend'),
          t('liability.outstanding'),
        ]),
        { maxHeight: 320 },
      ]}
      tabIndex={0}
      role="region"
      aria-label={t('liability.table')}
    >
      <Table
        size="small"
        stickyHeader
        aria-label={t('liability.table')}
        data-testid="wallet-liability-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('liability.date')}</TableCell>
            <TableCell align="right">{t('liability.topups')}</TableCell>
            <TableCell align="right">{t('liability.spend')}</TableCell>
            <TableCell align="right">{t('liability.outstanding')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.date}>
              <TableCell>{d.date.replaceAll('-', '/')}</TableCell>
              <TableCell align="right" sx={numeric}>
                {receiptAmount(d.topups)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {receiptAmount(d.spend)}
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, fontWeight: 600 }}>
                {receiptAmount(d.outstanding)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The tenant's liability: what wallets hold now and at the end of each day of a range. */
export function LiabilityCard() {
  const { t } = useWalletStrings();
  // No range asks for the server's default (the recent days).
  const [range, setRange] = useState<LiabilityRange>({});
  const liability = useWalletLiability(range);
  let body;
  if (liability.error) {
    body = (
      <RetryAlert onRetry={() => void liability.refetch()}>{t('liability.loadError')}</RetryAlert>
    );
  } else if (!liability.data) {
    body = <Skeleton variant="rounded" height={260} />;
  } else {
    body = (
      <Stack spacing={2}>
        <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
          {liability.data.days.length > 0 && <LiabilityChart days={liability.data.days} />}
        </Suspense>
        <DaysTable days={liability.data.days} />
      </Stack>
    );
  }
  return (
    <Card
      component="section"
      aria-labelledby="wallet-liability-title"
      data-testid="wallet-liability"
    >
      <CardHeader
        title={t('liability.title')}
        subheader={t('liability.subheader')}
        slotProps={{ title: { ...cardTitle.title, id: 'wallet-liability-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('liability.now')}
              </Typography>
              <Typography variant="h4" component="p" data-testid="wallet-outstanding">
                {liability.data ? formatMoney(liability.data.outstanding) : '—'}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: 0 } }}>
              <DateRangeFields
                from={range.from}
                to={range.to}
                onChange={(r) => setRange((prev) => ({ ...prev, ...r }))}
                labels={{
                  from: t('liability.from'),
                  to: t('liability.to'),
                  badRange: t('liability.badRange'),
                }}
                testIdPrefix="wallet-liability"
              />
            </Stack>
          </Stack>
          {body}
        </Stack>
      </CardContent>
    </Card>
  );
}
