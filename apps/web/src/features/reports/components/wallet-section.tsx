import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type SalesReport, type WalletFigures, walletFiguresSchema } from '@kopi/contract';
import { useReportStrings } from '../i18n';
import { plainAmount } from '../report-model';

const figureKeys = walletFiguresSchema.keyof().options;
const isCount = (key: keyof WalletFigures) => key === 'topups' || key === 'spends';

/**
 * The customers' wallets over the range, apart from the sales: top-ups, wallet spend, other
 * movements and the outstanding balance at either end (the XLSX export's wallet sheet, in its
 * words). With an outlet in view there is none: wallets belong to the business.
 */
export function WalletSection({ wallet }: { wallet: NonNullable<SalesReport['wallet']> | null }) {
  const { t } = useReportStrings();
  if (!wallet) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="report-wallet-outlet">
        {t('wallet.outletNote')}
      </Typography>
    );
  }
  const cell = (f: WalletFigures, key: keyof WalletFigures) =>
    isCount(key) ? String(f[key]) : plainAmount(f[key]);
  const numeric = {
    align: 'right' as const,
    sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  };
  return (
    <Stack spacing={1} component="section" aria-label={t('wallet.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('wallet.title')}
      </Typography>
      <Table size="small" aria-label={t('wallet.title')} data-testid="report-wallet-table">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600 } }}>
            <TableCell>{t('wallet.figure')}</TableCell>
            <TableCell {...numeric}>{t('wallet.current')}</TableCell>
            {wallet.previous && <TableCell {...numeric}>{t('wallet.previous')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {figureKeys.map((key) => (
            <TableRow key={key} hover data-testid="report-wallet-row" data-key={key}>
              <TableCell>{t(`wallet.figures.${key}`)}</TableCell>
              <TableCell {...numeric}>{cell(wallet.current, key)}</TableCell>
              {wallet.previous && <TableCell {...numeric}>{cell(wallet.previous, key)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {t('wallet.note')}
      </Typography>
    </Stack>
  );
}
