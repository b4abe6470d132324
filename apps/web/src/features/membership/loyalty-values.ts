import { parseRinggitToSen, senToRinggitText } from '../../components/money-input';

// How membership numbers read on screen and are typed: a multiplier kept in hundredths (150) is
// "1.5", top-up presets kept in sen are typed as RM amounts separated by commas.

/** 150 → "1.5", 100 → "1", 125 → "1.25". */
export function multiplierText(pointsPerRm: number): string {
  return (pointsPerRm / 100).toLocaleString('en-US', {
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}

/** "1.5" → 150; "" → null; anything else (negative, more than two decimals) → undefined. */
export function parseMultiplier(text: string): number | null | undefined {
  const hundredths = parseRinggitToSen(text);
  return hundredths !== null && hundredths !== undefined && hundredths < 0 ? undefined : hundredths;
}

/** 5000 → "50", 1050 → "10.50": a ringgit amount without needless decimals. */
export const ringgitText = (sen: number) => senToRinggitText(sen).replace(/\.00$/, '');

/** [1000, 2000, 5000] → "10, 20, 50". */
export const presetsText = (presets: readonly number[]) => presets.map(ringgitText).join(', ');

/** "10, 20, 50" → [1000, 2000, 5000]; undefined when any part is not an RM amount. */
export function parsePresets(text: string): number[] | undefined {
  const parts = text
    .replace(/RM/gi, ' ')
    .split(/[,;\s]+/)
    .filter(Boolean);
  const sen = parts.map(parseRinggitToSen);
  return sen.every((n): n is number => typeof n === 'number' && n >= 0) ? sen : undefined;
}
