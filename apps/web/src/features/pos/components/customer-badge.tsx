import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
