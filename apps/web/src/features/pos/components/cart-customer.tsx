import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Close from '@mui/icons-material/Close';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { useCan } from '../../../lib/can-context';
import type { AttachedCustomer } from '../cart';
import { usePosStrings } from '../i18n';
import { usePosTopupStrings } from '../i18n-topup';
import { CustomerFacts, CustomerNotes } from './customer-badge';

/**
 * The order's customer with the staff's notes, a wallet top-up and a way to remove them; or the
 * button that attaches one.
 */
export function CartCustomer({
  customer,
  onOpen,
  onRemove,
  onTopup,
}: {
  customer: AttachedCustomer | null;
  onOpen: () => void;
  onRemove: () => void;
  onTopup: () => void;
}) {
  const { t } = usePosStrings();
  const topupStrings = usePosTopupStrings();
  const can = useCan();
  if (!customer) {
    return (
      <Box sx={{ px: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <Button
          variant="outlined"
          size="small"
          fullWidth
          startIcon={<PersonAddAlt />}
          onClick={onOpen}
          title={t('customer.buttonHint')}
          sx={{ minHeight: 40 }}
          data-testid="pos-customer"
        >
          {t('customer.button')}
        </Button>
      </Box>
    );
  }
  return (
    <Box
      data-testid="pos-cart-customer"
      aria-label={t('customer.attached', { name: customer.name })}
      role="group"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        pt: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {customer.name}
        </Typography>
        <CustomerFacts customer={customer} />
        <CustomerNotes notes={customer.notes} />
      </Box>
      {can('create', 'pos') && !customer.blocked && (
        <IconButton
          aria-label={topupStrings.t('buttonHint', { name: customer.name })}
          title={topupStrings.t('button')}
          onClick={onTopup}
          sx={{ width: 44, height: 44 }}
          data-testid="pos-customer-topup"
        >
          <AccountBalanceWallet fontSize="small" />
        </IconButton>
      )}
      <IconButton
        aria-label={t('customer.remove', { name: customer.name })}
        onClick={onRemove}
        sx={{ width: 44, height: 44 }}
        data-testid="pos-customer-remove"
      >
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
