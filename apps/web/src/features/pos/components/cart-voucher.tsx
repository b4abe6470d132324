import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { usePosStrings } from '../i18n';
import type { VoucherState } from '../use-voucher';

/**
 * The sale's voucher as a line of the cart: its code, name and what it takes off, or why it does
 * not apply to the cart now (then it is not sent), with Remove.
 */
export function CartVoucher({
  state,
  discount,
  onRemove,
  onRetry,
}: {
  state: VoucherState;
  /** What the voucher takes off the totals shown, in sen. */
  discount: number;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  if (state.kind === 'none') return null;
  const check =
    state.kind === 'applies' || state.kind === 'refused'
      ? state.check
      : state.kind === 'checking'
        ? state.previous
        : null;
  const applies = state.kind === 'applies' || (state.kind === 'checking' && discount > 0);
  return (
    <Box sx={{ py: 0.25 }} data-testid="pos-voucher-line" data-state={state.kind}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
          {t('voucher.line', { code: state.code })}
        </Typography>
        {applies && (
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, opacity: state.kind === 'checking' ? 0.6 : 1 }}
            data-testid="pos-voucher-discount"
          >
            − {formatMoney(discount)}
          </Typography>
        )}
        <IconButton
          size="small"
          onClick={onRemove}
          aria-label={t('voucher.remove', { code: state.code })}
          sx={{ width: 44, height: 44 }}
          data-testid="pos-voucher-remove"
        >
          <Close fontSize="small" />
        </IconButton>
      </Box>
      {check && (
        <Typography variant="caption" color="text.secondary" component="p">
          {nameOf(check.voucher.name_en, check.voucher.name_my)}
        </Typography>
      )}
      {state.kind === 'checking' && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('voucher.checking')}
        </Typography>
      )}
      {state.kind === 'refused' && state.message && (
        <Typography
          variant="caption"
          color="error"
          component="p"
          role="alert"
          data-testid="pos-voucher-reason"
        >
          {state.message}
        </Typography>
      )}
      {state.kind === 'failed' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="error" component="p" role="alert" sx={{ flex: 1 }}>
            {t('voucher.failed', { message: state.message })}
          </Typography>
          <Button size="small" onClick={onRetry} data-testid="pos-voucher-retry">
            {t('voucher.retry')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
