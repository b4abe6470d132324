import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { Voucher } from '@kopi/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { VoucherCode } from '../api';
import { useVoucherStrings } from '../i18n';
import { formatInstant } from '../../../lib/instant';

const sheetClass = 'voucher-code-sheet';

/**
 * A print-friendly sheet of codes to cut out and hand over: each code large, in a dashed box with
 * the voucher's name and validity. On paper only the sheet prints: the page and dialogs behind it
 * are left out, and so are the sheet's own buttons.
 */
export function CodeSheet({
  voucher,
  codes,
  timeZone,
  onClose,
}: {
  voucher: Voucher;
  codes: readonly VoucherCode[];
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useVoucherStrings();
  const { t: shellT } = useTranslation();
  const from = formatInstant(voucher.valid_from, timeZone);
  const validity = voucher.valid_until
    ? t('sheet.validBetween', { from, until: formatInstant(voucher.valid_until, timeZone) })
    : t('sheet.validFrom', { from });
  return (
    <Dialog open fullScreen onClose={onClose} className={sheetClass} data-testid="voucher-sheet">
      <GlobalStyles
        styles={{
          '@media print': {
            [`body > *:not(.${sheetClass})`]: { display: 'none !important' },
            [`.${sheetClass} .no-print`]: { display: 'none !important' },
            [`.${sheetClass} .MuiDialog-container, .${sheetClass} .MuiPaper-root`]: {
              position: 'static !important',
              height: 'auto !important',
              overflow: 'visible !important',
            },
          },
        }}
      />
      <DialogContent>
        <Stack
          direction="row"
          spacing={1}
          className="no-print"
          sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Stack>
            <Typography variant="h6" component="h2">
              {t('sheet.title', { name: voucher.name_en })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('sheet.hint')}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button onClick={onClose}>{shellT('common.close')}</Button>
            <Button
              variant="contained"
              startIcon={<PrintOutlined />}
              onClick={() => window.print()}
              data-testid="voucher-sheet-print"
            >
              {t('sheet.print')}
            </Button>
          </Stack>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: 1.5,
          }}
        >
          {codes.map((c) => (
            <Box
              key={c.id}
              data-testid="voucher-sheet-code"
              sx={{
                border: '1px dashed',
                borderColor: 'text.secondary',
                borderRadius: 1,
                p: 1.5,
                textAlign: 'center',
                breakInside: 'avoid',
              }}
            >
              <Typography variant="caption" component="p">
                {voucher.name_en}
              </Typography>
              <Typography
                component="p"
                sx={{ fontFamily: 'monospace', fontSize: 20, fontWeight: 700, my: 0.5 }}
              >
                {c.code}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary">
                {validity}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
