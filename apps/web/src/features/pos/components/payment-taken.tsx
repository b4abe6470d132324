import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { PaymentMethod } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import type { PaymentPart } from '../payment';

/** What a taken payment says beside its method: cash change, the wallet's owner, a reference. */
function partDetail(t: ReturnType<typeof usePosStrings>['t'], p: PaymentPart) {
  if (p.method === 'wallet') return p.wallet?.info.customer_name ?? '';
  if (p.method !== 'cash') return p.reference;
  return p.tendered !== null && p.tendered > p.amount
    ? t('payment.partTendered', {
        tendered: formatMoney(p.tendered),
        change: formatMoney(p.tendered - p.amount),
      })
    : '';
}

/** The payments of a split bill taken so far, each removable, and what is still due. */
export function PaymentTaken({
  parts,
  remaining,
  busy,
  onRemovePart,
}: {
  parts: PaymentPart[];
  remaining: number;
  busy: boolean;
  onRemovePart: (index: number) => void;
}) {
  const { t } = usePosStrings();
  const methodName = (m: PaymentMethod) => t(`payment.methods.${m}`);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('payment.taken')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="pos-payment-parts">
        {parts.map((p, i) => (
          <Box
            component="li"
            key={i}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{methodName(p.method)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {partDetail(t, p)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(p.amount)}</Typography>
            <IconButton
              aria-label={t('payment.removePart', {
                method: methodName(p.method),
                amount: formatMoney(p.amount),
              })}
              onClick={() => onRemovePart(i)}
              disabled={busy}
              data-enter="own"
              sx={{ width: 44, height: 44 }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Typography sx={{ mt: 1, textAlign: 'end', fontWeight: 700 }} data-testid="pos-remaining">
        {t('payment.due')}: {formatMoney(Math.max(0, remaining))}
      </Typography>
    </Box>
  );
}
