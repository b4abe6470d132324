import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../lib/theme/create-app-theme';
import { primaryPresets } from '../../lib/theme/theme-tokens';
import { lateCardBackground, rejectTextColour } from './card-colours';

describe('board card colours', () => {
  it.each(
    primaryPresets.flatMap((p) => (['light', 'dark'] as const).map((mode) => [p.color, mode])),
  )('Reject reads at 4.5:1 on a late card and on paper (%s, %s)', (primaryColor, mode) => {
    const theme = createAppTheme({
      mode: mode as 'light' | 'dark',
      primaryColor,
      skin: 'default',
      direction: 'ltr',
    });
    const text = rejectTextColour(theme);
    expect(getContrastRatio(text, lateCardBackground(theme))).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(text, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });
});
