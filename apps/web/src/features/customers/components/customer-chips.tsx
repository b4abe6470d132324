import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import type { CustomerSummary } from '@kopi/contract';
import { useCustomerStrings } from '../i18n';

type TierRef = NonNullable<CustomerSummary['tier']>;

/** A membership tier in its own colour, named in the screen's language. */
export function TierChip({ tier, size = 'small' }: { tier: TierRef; size?: 'small' | 'medium' }) {
  const { language } = useCustomerStrings();
  const theme = useTheme();
  const valid = /^#[0-9a-fA-F]{6}$/.test(tier.colour);
  const colour = valid ? tier.colour : theme.palette.grey[500];
  return (
    <Chip
      size={size}
      label={language === 'my' ? tier.name_my : tier.name_en}
      data-testid="tier-chip"
      sx={{ bgcolor: colour, color: theme.palette.getContrastText(colour), fontWeight: 600 }}
    />
  );
}

/** Active or Blocked (the API's `disabled`: no app sign-in, no wallet charge). */
export function CustomerStatusChip({ status }: { status: CustomerSummary['status'] }) {
  const { t } = useCustomerStrings();
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'error'}
      label={t(`status.${status}`)}
      data-status={status}
    />
  );
}
