import { decomposeColor, recomposeColor, type Theme } from '@mui/material/styles';

/** `over` laid on `under` at `amount` opacity, as one opaque colour (contrast can be measured). */
export function mix(under: string, over: string, amount: number): string {
  const a = decomposeColor(under).values;
  const b = decomposeColor(over).values;
  const channel = (i: number) => Math.round(a[i]! * (1 - amount) + b[i]! * amount);
  return recomposeColor({ type: 'rgb', values: [channel(0), channel(1), channel(2)] });
}

/** A late card's background: the paper with a tint of the error colour. */
export const lateCardBackground = (theme: Theme) =>
  mix(theme.palette.background.paper, theme.palette.error.main, 0.08);

/**
 * The Reject button's text: the error colour's dark shade on light paper and its light shade on
 * dark paper. The main shade fell below 4.5:1 on a late card's tinted background in dark mode.
 */
export const rejectTextColour = (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark;
