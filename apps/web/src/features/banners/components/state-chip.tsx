import Chip, { type ChipProps } from '@mui/material/Chip';
import type { BannerState } from '@kopi/contract';
import { useBannerStrings } from '../i18n';

const colours: Record<BannerState, ChipProps['color']> = {
  live: 'success',
  scheduled: 'info',
  ended: 'default',
  inactive: 'warning',
};

/** Where a banner stands now: showing, scheduled, ended or switched off. */
export function StateChip({ state }: { state: BannerState }) {
  const { t } = useBannerStrings();
  return (
    <Chip
      size="small"
      color={colours[state]}
      variant={state === 'live' ? 'filled' : 'outlined'}
      label={t(`state.${state}`)}
      data-testid="banner-state"
    />
  );
}
