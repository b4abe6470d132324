import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { formatMoney } from '../../../lib/formatters';
import type { AttachedCustomer } from '../cart';
import { usePosStrings } from '../i18n';

/** A customer's tier (on its colour), points and wallet balance, on one line. */
export function CustomerFacts({ customer }: { customer: AttachedCustomer }) {
  const { t, language } = usePosStrings();
  const { tier } = customer;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, minWidth: 0 }}
    >
      {tier && (
        <Chip
          size="small"
          label={language === 'my' ? tier.name_my : tier.name_en}
          sx={(theme) => ({
            bgcolor: tier.colour,
            color: theme.palette.getContrastText(tier.colour),
            fontWeight: 600,
          })}
        />
      )}
      <Typography variant="body2" color="text.secondary" noWrap>
        {t('customer.points', {
          count: customer.points,
          formatted: customer.points.toLocaleString('en-MY'),
        })}{' '}
        · {t('customer.wallet', { amount: formatMoney(customer.wallet_balance) })}
      </Typography>
      {customer.blocked && (
        <Chip size="small" color="error" variant="outlined" label={t('customer.blocked')} />
      )}
    </Stack>
  );
}

/** The staff's latest notes on the customer (an allergy, a preference), newest first. */
export function CustomerNotes({ notes }: { notes: readonly string[] }) {
  const { t } = usePosStrings();
  if (notes.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('customer.notes')}
      data-testid="pos-customer-notes"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
    >
      {notes.map((note, i) => (
        <Box
          component="li"
          key={i}
          sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'warning.dark' }}
        >
          <StickyNote2Outlined sx={{ fontSize: 16, mt: '2px' }} aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {note}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
