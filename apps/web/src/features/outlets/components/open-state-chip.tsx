import Chip from '@mui/material/Chip';
import { clockIn, whenIn } from '../open-state';
import { useOutletStrings } from '../i18n';

/** "Open now" or "Closed · opens Tue 07:00", in the outlet's time zone. */
export function OpenStateChip({
  open,
  nextOpenAt,
  closesAt,
  timezone,
  now = new Date(),
}: {
  open: boolean;
  nextOpenAt: string | Date | null;
  closesAt?: Date | null;
  timezone: string;
  now?: Date;
}) {
  const { t, language } = useOutletStrings();
  let label: string;
  if (open)
    label = closesAt
      ? t('state.openUntil', { time: clockIn(closesAt, timezone, language) })
      : t('state.open');
  else if (nextOpenAt)
    label = t('state.opensAt', { when: whenIn(new Date(nextOpenAt), timezone, language, now) });
  else label = t('state.noHours');
  return (
    <Chip
      size="small"
      color={open ? 'success' : 'default'}
      variant={open ? 'filled' : 'outlined'}
      label={label}
      data-testid="open-state"
      data-open={open}
    />
  );
}
