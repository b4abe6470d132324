import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import { addQuickCash, quickCash, type PaymentEntry, type PaymentView } from '../payment';

/** Cash: quick notes that add up, Exact and Clear, the cash received, and the change to give. */
export function CashEntry({
  entry,
  view,
  busy,
  onChange,
}: {
  entry: PaymentEntry;
  view: PaymentView;
  busy: boolean;
  onChange: (changes: Partial<PaymentEntry>) => void;
}) {
  const { t } = usePosStrings();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('payment.quickCash')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 1, mb: 1.5 }}>
        {quickCash.map((sen) => (
          <Button
            key={sen}
            variant="outlined"
            onClick={() => onChange({ tendered: addQuickCash(entry.tendered, sen) })}
            disabled={busy}
            sx={{ minHeight: 48, px: 0.5 }}
            data-testid={`pos-cash-${sen}`}
          >
            {t('payment.cashAmount', { amount: String(sen / 100) })}
          </Button>
        ))}
        <Button
          variant={entry.tendered === view.amount ? 'contained' : 'outlined'}
          onClick={() => onChange({ tendered: view.amount })}
          disabled={busy}
          sx={{ minHeight: 48, px: 0.5 }}
          data-testid="pos-cash-exact"
        >
          {t('payment.exact')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => onChange({ tendered: null })}
          disabled={busy || entry.tendered === null}
          sx={{ minHeight: 48, px: 0.5 }}
          data-testid="pos-cash-clear"
        >
          {t('payment.clearCash')}
        </Button>
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <MoneyInput
          label={t('payment.tendered')}
          value={entry.tendered}
          onChange={(sen) => onChange({ tendered: sen })}
          onUnreadable={() => onChange({ tendered: null })}
          disabled={busy}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'pos-tendered' } }}
        />
        <Box sx={{ flex: 1, textAlign: 'end' }}>
          <Typography variant="body2" color="text.secondary">
            {t('payment.change')}
          </Typography>
          <Typography
            variant="h5"
            sx={{ fontWeight: 700 }}
            data-testid="pos-change"
            aria-live="polite"
          >
            {formatMoney(view.change)}
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}
