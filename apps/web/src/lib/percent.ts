// Rates are basis points everywhere (DESIGN §3: 600 = 6%); people read and type percentages.

/** 600 → "6", 650 → "6.5", 25 → "0.25". */
export function bpToPercentText(bp: number | null | undefined): string {
  if (bp === null || bp === undefined || !Number.isFinite(bp)) return '';
  const whole = Math.trunc(bp / 100);
  const rest = Math.abs(Math.trunc(bp) % 100);
  if (rest === 0) return String(whole);
  const fraction = String(rest).padStart(2, '0').replace(/0$/, '');
  return `${bp < 0 && whole === 0 ? '-' : ''}${whole}.${fraction}`;
}

/**
 * "6" → 600, "6.5" → 650, "0.25" → 25, "6%" → 600; "" → null; anything else (negative, more than
 * two decimals, not a number) → undefined. Basis points are whole, so two decimals at most.
 */
export function percentTextToBp(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/%$/, '').trim().replace(',', '.');
  if (trimmed === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
